-- The append-only event record (ARCHITECTURE §5, docs/decisions/0801): one row per sent, delivered,
-- bounced, deferred, open, click, unsubscribe, complaint and conversion. Partitioned by month so old
-- months can be detached whole; a default partition catches rows of months not created yet (the
-- events.partitions job creates them ahead).
CREATE TABLE "events" (
  "id" bigint GENERATED ALWAYS AS IDENTITY,
  "at" timestamp with time zone NOT NULL DEFAULT now(),
  "kind" smallint NOT NULL,
  "campaign_type" smallint NOT NULL,
  "campaign_id" integer NOT NULL,
  "user_id" integer NOT NULL,
  "relay_id" integer,
  "mail_provider_id" integer,
  "domain" text,
  "email_id" bigint,
  "first" boolean NOT NULL DEFAULT false,
  "amount_cents" integer NOT NULL DEFAULT 0,
  "detail" text,
  PRIMARY KEY ("at", "id")
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;--> statement-breakpoint
CREATE INDEX "events_campaign_idx" ON "events" ("campaign_type", "campaign_id", "at");--> statement-breakpoint
CREATE INDEX "events_email_idx" ON "events" ("email_id") WHERE "email_id" IS NOT NULL;
--> statement-breakpoint
-- This month's and the next two months' partitions; the events.partitions job keeps creating them ahead.
DO $$
DECLARE m date := date_trunc('month', now())::date;
BEGIN
  FOR i IN 0..2 LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
      'events_' || to_char(m + make_interval(months => i), 'YYYY_MM'), m + make_interval(months => i),
      m + make_interval(months => i + 1));
  END LOOP;
END $$;
