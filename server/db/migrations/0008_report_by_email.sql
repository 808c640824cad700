CREATE TABLE "report_sends" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"next_try" timestamp with time zone,
	"error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_sends_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"monthly_report" boolean DEFAULT false NOT NULL,
	"monthly_since" timestamp with time zone,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"digest_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;