-- Campaign type numbers become the spec's (decision 1130): 1 PMTA, 2 SMTP, where 1 SMTP, 2 PMTA were
-- stored before. Every stored campaign type (and the relay type that follows it) swaps in one UPDATE per
-- table, `3 - col`. Campaign ids are one sequence for both kinds (campaigns.id), so the keys holding a
-- campaign type never have (1, id) and (2, id) both and the swap cannot collide; relay ids are two
-- sequences, so relay_pacing's key is dropped for its swap and made again. The events UPDATE on the
-- partitioned parent reaches every partition (the default one too) and moves no row (`at` is unchanged).
-- Every process must run this version before it writes again (a process of the previous version would
-- write the old numbers).
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_relay_group_check";--> statement-breakpoint
UPDATE "campaigns" SET "type" = 3 - "type" WHERE "type" IN (1, 2);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_relay_group_check" CHECK (
  ("type" = 2 AND "smtp_relay_group_id" IS NOT NULL) OR ("type" = 1 AND "pmta_relay_group_id" IS NOT NULL));--> statement-breakpoint
UPDATE "events" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "campaign_counters" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "campaign_provider_counters" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "campaign_domain_counters" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "event_rollup_hourly" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "event_rollup_daily" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
UPDATE "conversion_rollup_daily" SET "campaign_type" = 3 - "campaign_type" WHERE "campaign_type" IN (1, 2);--> statement-breakpoint
ALTER TABLE "relay_pacing" DROP CONSTRAINT "relay_pacing_relay_type_relay_id_pk";--> statement-breakpoint
UPDATE "relay_pacing" SET "relay_type" = 3 - "relay_type" WHERE "relay_type" IN (1, 2);--> statement-breakpoint
ALTER TABLE "relay_pacing" ADD CONSTRAINT "relay_pacing_relay_type_relay_id_pk" PRIMARY KEY ("relay_type", "relay_id");
