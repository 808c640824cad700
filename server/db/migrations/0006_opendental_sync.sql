CREATE TABLE "job_claims" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"holder" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "job_claims_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"records_imported" integer,
	"rows_skipped" integer,
	"error" text,
	"trigger" text NOT NULL,
	"username" text
);
--> statement-breakpoint
CREATE INDEX "sync_runs_finished_at" ON "sync_runs" USING btree ("finished_at","id");