CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "code_mappings" (
	"proc_code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"value" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "future_appointments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_key" text NOT NULL,
	"patient_name" text NOT NULL,
	"appt_date" date,
	"code" text NOT NULL,
	"provider" text NOT NULL,
	"description" text,
	"scheduled_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ignore_list" (
	"id" bigserial NOT NULL,
	"patient_key" text NOT NULL,
	"patient_name" text NOT NULL,
	"year_code" text NOT NULL,
	"notes" text,
	CONSTRAINT "ignore_list_patient_key_year_code_pk" PRIMARY KEY("patient_key","year_code")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"user_id" integer,
	"username" text,
	"rows_imported" integer NOT NULL,
	"rows_skipped" integer NOT NULL,
	"replace" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mapping_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"procedure_status" text NOT NULL,
	"no_of_arches" integer NOT NULL,
	"win_loss" text NOT NULL,
	"case_value" numeric(14, 2) NOT NULL,
	CONSTRAINT "mapping_values_procedure_status_unique" UNIQUE("procedure_status")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"patient_key" text PRIMARY KEY NOT NULL,
	"patient_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_key" text NOT NULL,
	"patient_name" text NOT NULL,
	"date" date NOT NULL,
	"code" text NOT NULL,
	"provider" text NOT NULL,
	"description" text,
	"amount" numeric(14, 2),
	"location" text
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "scoresheet" (
	"patient_key" text PRIMARY KEY NOT NULL,
	"patient_name" text NOT NULL,
	"provider" text NOT NULL,
	"score" integer NOT NULL,
	"procedure_status" text NOT NULL,
	"consult_date" date,
	"date_of_temp_placement" date,
	"case_date" date,
	"pending_finance_date" date,
	"win_loss" text NOT NULL,
	"no_of_arches" integer NOT NULL,
	"case_value" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"provider_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "future_appointments_patient_key" ON "future_appointments" USING btree ("patient_key");--> statement-breakpoint
CREATE INDEX "login_failures_key_at" ON "login_failures" USING btree ("username_key","at");--> statement-breakpoint
CREATE INDEX "procedures_patient_key" ON "procedures" USING btree ("patient_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));