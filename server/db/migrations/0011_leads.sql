CREATE TABLE "lead_people" (
	"person_key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"first_lead_date" date NOT NULL,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_key" text NOT NULL,
	"patient_name" text NOT NULL,
	"lead_date" date NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"phone" text,
	"email" text,
	"location" text,
	"person_key" text
);
--> statement-breakpoint
CREATE TABLE "marketing_spend" (
	"year" integer NOT NULL,
	"source_key" text NOT NULL,
	"source" text NOT NULL,
	"months" jsonb NOT NULL,
	CONSTRAINT "marketing_spend_year_source_key_pk" PRIMARY KEY("year","source_key")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "lead_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_patient_key_lead_date_source_key" ON "leads" USING btree ("patient_key","lead_date","source_key");--> statement-breakpoint
CREATE INDEX "leads_person_key" ON "leads" USING btree ("person_key");--> statement-breakpoint
CREATE INDEX "leads_source_key_id" ON "leads" USING btree ("source_key","id");