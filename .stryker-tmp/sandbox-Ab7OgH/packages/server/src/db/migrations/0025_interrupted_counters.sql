ALTER TABLE "campaign_counters" ADD COLUMN "interrupted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_domain_counters" ADD COLUMN "interrupted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_provider_counters" ADD COLUMN "interrupted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_daily" ADD COLUMN "interrupted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rollup_hourly" ADD COLUMN "interrupted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 1100: an interrupted recipient is counted apart, never as sent. Recipients still interrupted
-- carry the `sent` event the engine used to give them: it becomes an `interrupted` event (kind 10), and every
-- counter and rollup row it was added to moves one from `sent` to `interrupted`.
CREATE TEMP TABLE "interrupted_moved" ("at" timestamptz, "campaign_type" smallint, "campaign_id" integer, "user_id" integer,
  "relay_id" integer, "mail_provider_id" integer, "domain" text) ON COMMIT DROP;--> statement-breakpoint
WITH "m" AS (
  UPDATE "events" e SET "kind" = 10
    FROM "campaign_recipients" r JOIN "campaigns" c ON c."id" = r."campaign_id"
   WHERE e."kind" = 1 AND r."status" = 6 AND e."campaign_id" = r."campaign_id" AND e."email_id" = r."email_id"
     AND e."campaign_type" = c."type"
  RETURNING e."at", e."campaign_type", e."campaign_id", e."user_id", e."relay_id", e."mail_provider_id", e."domain"
)
INSERT INTO "interrupted_moved" SELECT * FROM "m";--> statement-breakpoint
UPDATE "campaign_counters" k SET "sent" = k."sent" - m."n", "interrupted" = k."interrupted" + m."n"
  FROM (SELECT "campaign_type", "campaign_id", count(*)::int AS "n" FROM "interrupted_moved" GROUP BY 1, 2) m
 WHERE k."campaign_type" = m."campaign_type" AND k."campaign_id" = m."campaign_id";--> statement-breakpoint
UPDATE "campaign_provider_counters" k SET "sent" = k."sent" - m."n", "interrupted" = k."interrupted" + m."n"
  FROM (SELECT "campaign_type", "campaign_id", "mail_provider_id", count(*)::int AS "n" FROM "interrupted_moved"
         WHERE "mail_provider_id" IS NOT NULL GROUP BY 1, 2, 3) m
 WHERE k."campaign_type" = m."campaign_type" AND k."campaign_id" = m."campaign_id"
   AND k."mail_provider_id" = m."mail_provider_id";--> statement-breakpoint
UPDATE "campaign_domain_counters" k SET "sent" = k."sent" - m."n", "interrupted" = k."interrupted" + m."n"
  FROM (SELECT "campaign_type", "campaign_id", "domain", count(*)::int AS "n" FROM "interrupted_moved"
         WHERE "domain" IS NOT NULL GROUP BY 1, 2, 3) m
 WHERE k."campaign_type" = m."campaign_type" AND k."campaign_id" = m."campaign_id" AND k."domain" = m."domain";--> statement-breakpoint
UPDATE "event_rollup_hourly" k SET "sent" = k."sent" - m."n", "interrupted" = k."interrupted" + m."n"
  FROM (SELECT date_trunc('hour', "at") AS "hour", "user_id", "campaign_type", "campaign_id",
               coalesce("relay_id", 0) AS "relay_id", coalesce("mail_provider_id", 0) AS "mail_provider_id", count(*)::int AS "n"
          FROM "interrupted_moved" GROUP BY 1, 2, 3, 4, 5, 6) m
 WHERE k."hour" = m."hour" AND k."user_id" = m."user_id" AND k."campaign_type" = m."campaign_type"
   AND k."campaign_id" = m."campaign_id" AND k."relay_id" = m."relay_id" AND k."mail_provider_id" = m."mail_provider_id";--> statement-breakpoint
UPDATE "event_rollup_daily" k SET "sent" = k."sent" - m."n", "interrupted" = k."interrupted" + m."n"
  FROM (SELECT ("at" AT TIME ZONE 'UTC')::date AS "day", "user_id", "campaign_type", "campaign_id",
               coalesce("relay_id", 0) AS "relay_id", coalesce("mail_provider_id", 0) AS "mail_provider_id", count(*)::int AS "n"
          FROM "interrupted_moved" GROUP BY 1, 2, 3, 4, 5, 6) m
 WHERE k."day" = m."day" AND k."user_id" = m."user_id" AND k."campaign_type" = m."campaign_type"
   AND k."campaign_id" = m."campaign_id" AND k."relay_id" = m."relay_id" AND k."mail_provider_id" = m."mail_provider_id";--> statement-breakpoint
DROP TABLE "interrupted_moved";
