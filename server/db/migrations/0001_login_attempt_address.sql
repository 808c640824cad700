ALTER TABLE "login_failures" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "login_failures_ip_at" ON "login_failures" USING btree ("ip","at");