ALTER TABLE "email_list_provider_counters" DROP CONSTRAINT "email_list_provider_counters_mail_provider_id_mail_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_email_list_id_email_lists_id_fk";
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_mail_provider_id_mail_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD COLUMN "file_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD COLUMN "boss_job_id" text;--> statement-breakpoint
ALTER TABLE "email_list_provider_counters" ADD CONSTRAINT "email_list_provider_counters_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_list_uploads_list_idx" ON "email_list_uploads" USING btree ("email_list_id");--> statement-breakpoint
CREATE INDEX "email_list_uploads_pending_idx" ON "email_list_uploads" USING btree ("status") WHERE status in ('queued', 'processing');