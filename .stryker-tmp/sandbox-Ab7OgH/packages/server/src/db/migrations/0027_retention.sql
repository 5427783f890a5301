CREATE TABLE "archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"partition" text NOT NULL,
	"file" text NOT NULL,
	"rows" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"range_from" timestamp with time zone,
	"range_to" timestamp with time zone,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archives_partition_unique" UNIQUE("partition")
);
--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "events_months" smallint DEFAULT 13 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "recipients_days" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "retention_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_settings" ADD COLUMN "retention_error" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipients_archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "archives_kind_idx" ON "archives" USING btree ("kind","range_to");