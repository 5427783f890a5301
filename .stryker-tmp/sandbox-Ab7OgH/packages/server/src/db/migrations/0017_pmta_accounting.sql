CREATE TABLE "pmta_acct_files" (
	"server_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"name" text NOT NULL,
	"offset" bigint NOT NULL,
	"size" bigint NOT NULL,
	"mtime" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pmta_acct_files_server_id_file_key_pk" PRIMARY KEY("server_id","file_key")
);
--> statement-breakpoint
CREATE TABLE "pmta_acct_pulls" (
	"server_id" integer PRIMARY KEY NOT NULL,
	"pulled_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "pmta_complaints" (
	"campaign_id" integer NOT NULL,
	"email_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pmta_complaints_campaign_id_email_id_pk" PRIMARY KEY("campaign_id","email_id")
);
--> statement-breakpoint
CREATE TABLE "pmta_relay_bounce_signals" (
	"relay_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pmta_relay_bounce_signals_relay_id_hour_pk" PRIMARY KEY("relay_id","hour")
);
--> statement-breakpoint
ALTER TABLE "pmta_acct_files" ADD CONSTRAINT "pmta_acct_files_server_id_pmta_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_acct_pulls" ADD CONSTRAINT "pmta_acct_pulls_server_id_pmta_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_complaints" ADD CONSTRAINT "pmta_complaints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_bounce_signals" ADD CONSTRAINT "pmta_relay_bounce_signals_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reputation provider the console feeds itself (decision 0911): each PMTA relay's spam-, policy-,
-- content- and virus-related bounces in its server's accounting over the last 24 hours.
INSERT INTO "reputation_providers" ("name", "kind") VALUES ('PMTA bounces', 'bounces');
