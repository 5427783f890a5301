CREATE TABLE "backoff_notices" (
	"kind" smallint NOT NULL,
	"server_id" integer NOT NULL,
	"queue" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backoff_notices_kind_server_id_queue_since_pk" PRIMARY KEY("kind","server_id","queue","since")
);
--> statement-breakpoint
CREATE TABLE "relay_last_replies" (
	"relay_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"reply" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "relay_last_replies_relay_type_relay_id_mail_provider_id_pk" PRIMARY KEY("relay_type","relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "pmta_queue_snapshots" (
	"pmta_server_id" integer PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone,
	"source" text,
	"error" text,
	"queues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"in_backoff" integer DEFAULT 0 NOT NULL,
	"watched_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pmta_relays" ADD COLUMN "backoff_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD COLUMN "backoff_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pmta_queue_snapshots" ADD CONSTRAINT "pmta_queue_snapshots_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "smtp_relays" SET "backoff_since" = now() WHERE "backoff";--> statement-breakpoint
UPDATE "pmta_relays" SET "backoff_since" = now() WHERE "backoff";