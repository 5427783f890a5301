CREATE TABLE "soft_bounces" (
	"email" text PRIMARY KEY NOT NULL,
	"bounces" timestamp with time zone[] NOT NULL,
	"reason" text NOT NULL,
	"diagnostic" text,
	"campaign_id" integer,
	"relay_id" integer
);
--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "soft_bounce_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "soft_bounce_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "infra_pause_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD COLUMN "infra_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_domain_counters" ADD COLUMN "infra_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_provider_counters" ADD COLUMN "infra_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_daily" ADD COLUMN "infra_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_hourly" ADD COLUMN "infra_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "soft_bounces" ADD CONSTRAINT "soft_bounces_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;