CREATE TABLE "campaign_complaints" (
	"campaign_id" integer NOT NULL,
	"email_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"relay_id" integer,
	CONSTRAINT "campaign_complaints_campaign_id_email_id_pk" PRIMARY KEY("campaign_id","email_id")
);
--> statement-breakpoint
CREATE TABLE "complaint_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"first_complaint_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_complaint_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" integer,
	"relay_id" integer,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "complaint_pause_basis_points" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "complaint_pause_min_delivered" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "hard_bounce_pause_basis_points" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "hard_bounce_pause_min_sent" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "dkim_keys" ADD COLUMN "complaint_address" text;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD COLUMN "hard_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_domain_counters" ADD COLUMN "hard_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_provider_counters" ADD COLUMN "hard_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_daily" ADD COLUMN "hard_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_hourly" ADD COLUMN "hard_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_complaints" ADD CONSTRAINT "campaign_complaints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_emails" ADD CONSTRAINT "complaint_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_emails" ADD CONSTRAINT "complaint_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_emails_user_email_key" ON "complaint_emails" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "complaint_emails_last_idx" ON "complaint_emails" USING btree ("last_complaint_at","id");