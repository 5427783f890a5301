CREATE TABLE "event_rollup_relay_monthly" (
	"month" date NOT NULL,
	"campaign_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"infra_bounces" integer DEFAULT 0 NOT NULL,
	"hard_bounces" integer DEFAULT 0 NOT NULL,
	"interrupted" integer DEFAULT 0 NOT NULL,
	"deferred" integer DEFAULT 0 NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"unique_opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"unsubscribes" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_rollup_relay_monthly_month_campaign_type_relay_id_mail_provider_id_pk" PRIMARY KEY("month","campaign_type","relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE INDEX "event_rollup_relay_monthly_relay_month_idx" ON "event_rollup_relay_monthly" USING btree ("campaign_type","relay_id","month");--> statement-breakpoint
-- Decision 1511: the months so far, from the monthly rollup (the same events summed over owners and campaigns).
INSERT INTO "event_rollup_relay_monthly" ("month", "campaign_type", "relay_id", "mail_provider_id", sent, delivered, bounced, infra_bounces, hard_bounces, interrupted, deferred, opens, unique_opens, clicks, unique_clicks, unsubscribes, complaints, conversions, profit_cents)
SELECT "month", "campaign_type", "relay_id", "mail_provider_id",
       sum(sent), sum(delivered), sum(bounced), sum(infra_bounces), sum(hard_bounces), sum(interrupted), sum(deferred), sum(opens), sum(unique_opens), sum(clicks), sum(unique_clicks), sum(unsubscribes), sum(complaints), sum(conversions), sum(profit_cents)
  FROM "event_rollup_monthly" GROUP BY 1, 2, 3, 4;
