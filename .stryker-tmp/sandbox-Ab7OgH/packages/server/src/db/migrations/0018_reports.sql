CREATE TABLE "conversion_rollup_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_type" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversion_rollup_daily_day_user_id_campaign_type_campaign_id_country_pk" PRIMARY KEY("day","user_id","campaign_type","campaign_id","country")
);
--> statement-breakpoint
CREATE TABLE "event_rollup_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_type" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"deferred" integer DEFAULT 0 NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"unique_opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"unsubscribes" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_rollup_daily_day_user_id_campaign_type_campaign_id_relay_id_mail_provider_id_pk" PRIMARY KEY("day","user_id","campaign_type","campaign_id","relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "pmta_relay_deliverabilities" (
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"score_all_time" double precision,
	"score24" double precision,
	"score2" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pmta_relay_deliverabilities_relay_id_mail_provider_id_pk" PRIMARY KEY("relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "pmta_relay_indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer,
	"age" integer NOT NULL,
	"delivered_per_day" double precision NOT NULL,
	"bounced_per_day" double precision NOT NULL,
	"conversion_per_day" double precision NOT NULL,
	"profit90" bigint NOT NULL,
	"profit60" bigint NOT NULL,
	"profit30" bigint NOT NULL,
	"conv90" integer NOT NULL,
	"conv60" integer NOT NULL,
	"conv30" integer NOT NULL,
	"profit_per_day" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pmta_relay_deliverabilities" ADD CONSTRAINT "pmta_relay_deliverabilities_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_deliverabilities" ADD CONSTRAINT "pmta_relay_deliverabilities_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_indicators" ADD CONSTRAINT "pmta_relay_indicators_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_indicators" ADD CONSTRAINT "pmta_relay_indicators_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_rollup_daily_user_day_idx" ON "conversion_rollup_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "event_rollup_daily_user_day_idx" ON "event_rollup_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "event_rollup_daily_relay_day_idx" ON "event_rollup_daily" USING btree ("campaign_type","relay_id","day");--> statement-breakpoint
CREATE INDEX "event_rollup_daily_campaign_idx" ON "event_rollup_daily" USING btree ("campaign_type","campaign_id");--> statement-breakpoint
CREATE INDEX "pmta_relay_deliverabilities_provider_idx" ON "pmta_relay_deliverabilities" USING btree ("mail_provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pmta_relay_indicators_relay_provider_key" ON "pmta_relay_indicators" USING btree ("relay_id",coalesce("mail_provider_id", 0));--> statement-breakpoint
CREATE INDEX "pmta_relay_indicators_provider_idx" ON "pmta_relay_indicators" USING btree ("mail_provider_id");--> statement-breakpoint
-- A click's GeoIP country, and a conversion's country (decision 0914); events is declared in SQL (0011).
ALTER TABLE "events" ADD COLUMN "country" text;--> statement-breakpoint
-- The days already rolled up hourly, and the conversions already recorded (their country unknown).
INSERT INTO "event_rollup_daily"
SELECT ("hour" AT TIME ZONE 'UTC')::date, "user_id", "campaign_type", "campaign_id", "relay_id", "mail_provider_id",
       sum("sent"), sum("delivered"), sum("bounced"), sum("deferred"), sum("opens"), sum("unique_opens"), sum("clicks"),
       sum("unique_clicks"), sum("unsubscribes"), sum("complaints"), sum("conversions"), sum("profit_cents")
  FROM "event_rollup_hourly" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "conversion_rollup_daily"
SELECT ("at" AT TIME ZONE 'UTC')::date, "user_id", "campaign_type", "campaign_id", '', count(*), sum("amount_cents")
  FROM "events" WHERE "kind" = 9 GROUP BY 1, 2, 3, 4;
