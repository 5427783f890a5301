CREATE TABLE "bounced_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"diagnostic" text,
	"first_bounce_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_bounce_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" integer,
	"relay_id" integer,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bounced_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "bounced_emails" ADD CONSTRAINT "bounced_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bounced_emails_last_idx" ON "bounced_emails" USING btree ("last_bounce_at","id");--> statement-breakpoint
-- Hard bounces were kept as spam-trap e-mails with info 'bounce: <category>' (decision 1111): they move to
-- their own table. The lists' validity does not change: both tables suppress.
INSERT INTO "bounced_emails" ("email", "reason", "first_bounce_at", "last_bounce_at")
SELECT "email", coalesce(nullif(trim(substr("info", 9)), ''), 'bounce'), "created_at", "created_at"
  FROM "spam_emails" WHERE "info" LIKE 'bounce: %'
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
DELETE FROM "spam_emails" WHERE "info" LIKE 'bounce: %';
