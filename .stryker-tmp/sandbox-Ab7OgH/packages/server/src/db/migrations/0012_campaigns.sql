-- Campaigns (spec 3) and the sending engine's tables (ARCHITECTURE §4, docs/decisions/0802). One table
-- for both campaign kinds (type 1 smtp, 2 pmta, as in the tracking id); each kind's relay group has its
-- own column. campaign_recipients is partitioned by campaign (edited by hand: drizzle cannot declare
-- it): the prepare step creates a campaign's partition, so a campaign's claims scan only its own rows.
-- Recipient status: 0 pending, 1 claimed, 2 sending, 3 delivered, 4 bounced, 5 failed, 6 interrupted.
CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"email_id" bigint NOT NULL,
	"email" text NOT NULL,
	"domain" text NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"name" text,
	"surname" text,
	"city" text,
	"geo" text,
	"birth_year" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"relay_id" integer,
	"worker" text,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"reply" text,
	"first_open_at" timestamp with time zone,
	"first_click_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_email_id_pk" PRIMARY KEY("campaign_id","email_id")
) PARTITION BY LIST ("campaign_id");
--> statement-breakpoint
CREATE TABLE "campaign_relay_blocks" (
	"campaign_id" integer NOT NULL,
	"relay_id" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_relay_blocks_campaign_id_relay_id_pk" PRIMARY KEY("campaign_id","relay_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"sender" text NOT NULL,
	"email_list_id" integer NOT NULL,
	"mail_provider_ids" integer[] NOT NULL,
	"message_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"offer_links_id" integer,
	"unsubscribe_links_id" integer,
	"pixel_links_id" integer,
	"relay_status" smallint NOT NULL,
	"smtp_relay_group_id" integer,
	"pmta_relay_group_id" integer,
	"default_city" text,
	"status" smallint DEFAULT 2 NOT NULL,
	"scheduled_start" timestamp with time zone,
	"scheduled_stop" timestamp with time zone,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"prepared_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"pause_reason" text,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_pacing" (
	"relay_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relay_pacing_relay_type_relay_id_pk" PRIMARY KEY("relay_type","relay_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_domain_counters" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_provider_counters" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_relay_blocks" ADD CONSTRAINT "campaign_relay_blocks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_email_list_id_email_lists_id_fk" FOREIGN KEY ("email_list_id") REFERENCES "public"."email_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_links_id_link_groups_id_fk" FOREIGN KEY ("offer_links_id") REFERENCES "public"."link_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_unsubscribe_links_id_link_groups_id_fk" FOREIGN KEY ("unsubscribe_links_id") REFERENCES "public"."link_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pixel_links_id_link_groups_id_fk" FOREIGN KEY ("pixel_links_id") REFERENCES "public"."link_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_smtp_relay_group_id_smtp_relay_groups_id_fk" FOREIGN KEY ("smtp_relay_group_id") REFERENCES "public"."smtp_relay_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pmta_relay_group_id_pmta_relay_groups_id_fk" FOREIGN KEY ("pmta_relay_group_id") REFERENCES "public"."pmta_relay_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_type_status_idx" ON "campaigns" USING btree ("type","status","id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_relay_group_check" CHECK (
  ("type" = 1 AND "smtp_relay_group_id" IS NOT NULL) OR ("type" = 2 AND "pmta_relay_group_id" IS NOT NULL));--> statement-breakpoint
-- What is left to send of each campaign (pending, claimed, sending).
CREATE INDEX "campaign_recipients_todo_idx" ON "campaign_recipients" ("campaign_id", "status", "next_attempt_at")
  WHERE "status" IN (0, 1, 2);
