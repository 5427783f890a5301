CREATE TABLE "smtp_relay_pauses" (
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resumed_at" timestamp with time zone,
	CONSTRAINT "smtp_relay_pauses_relay_id_mail_provider_id_pk" PRIMARY KEY("relay_id","mail_provider_id")
);
--> statement-breakpoint
ALTER TABLE "bounce_reports" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "reports_days" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "smtp_servers" ADD COLUMN "return_path_domain" text;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD COLUMN "raw_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smtp_relay_pauses" ADD CONSTRAINT "smtp_relay_pauses_relay_id_smtp_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."smtp_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relay_pauses" ADD CONSTRAINT "smtp_relay_pauses_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bounce_reports_raw_kept_idx" ON "bounce_reports" USING btree ("created_at") WHERE raw is not null;