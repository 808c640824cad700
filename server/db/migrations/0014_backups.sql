CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"file" text,
	"size" bigint,
	"scheduled" boolean NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
