CREATE TABLE "locations" (
	"location_key" text PRIMARY KEY NOT NULL,
	"location" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "future_appointments" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "scoresheet" ADD COLUMN "presented_date" date;--> statement-breakpoint
ALTER TABLE "scoresheet" ADD COLUMN "accepted_date" date;--> statement-breakpoint
ALTER TABLE "scoresheet" ADD COLUMN "perm_date" date;--> statement-breakpoint
ALTER TABLE "scoresheet" ADD COLUMN "location" text;