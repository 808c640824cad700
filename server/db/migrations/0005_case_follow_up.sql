CREATE TABLE "patient_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_key" text NOT NULL,
	"patient_name" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"note" text,
	"next_follow_up" date,
	"cleared_follow_up" boolean DEFAULT false NOT NULL,
	"assigned_to_id" integer,
	"assigned_to" text,
	"lender" text,
	"financing_status" text,
	"amount" numeric(14, 2),
	"reason" text,
	"user_id" integer,
	"username" text NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "future_appointments" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "procedures" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "patient_activities" ADD CONSTRAINT "patient_activities_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_activities" ADD CONSTRAINT "patient_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_activities_key_date_id" ON "patient_activities" USING btree ("patient_key","date","id");--> statement-breakpoint
CREATE INDEX "patient_activities_date" ON "patient_activities" USING btree ("date");