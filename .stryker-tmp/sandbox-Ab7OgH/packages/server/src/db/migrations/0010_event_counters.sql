CREATE TABLE "campaign_counters" (
	"campaign_type" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
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
	CONSTRAINT "campaign_counters_campaign_type_campaign_id_pk" PRIMARY KEY("campaign_type","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_domain_counters" (
	"campaign_type" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"domain" text NOT NULL,
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
	CONSTRAINT "campaign_domain_counters_campaign_type_campaign_id_domain_pk" PRIMARY KEY("campaign_type","campaign_id","domain")
);
--> statement-breakpoint
CREATE TABLE "campaign_provider_counters" (
	"campaign_type" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
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
	CONSTRAINT "campaign_provider_counters_campaign_type_campaign_id_mail_provider_id_pk" PRIMARY KEY("campaign_type","campaign_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "event_rollup_hourly" (
	"hour" timestamp with time zone NOT NULL,
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
	CONSTRAINT "event_rollup_hourly_hour_user_id_campaign_type_campaign_id_relay_id_mail_provider_id_pk" PRIMARY KEY("hour","user_id","campaign_type","campaign_id","relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE INDEX "event_rollup_hourly_user_hour_idx" ON "event_rollup_hourly" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "event_rollup_hourly_relay_hour_idx" ON "event_rollup_hourly" USING btree ("relay_id","hour");