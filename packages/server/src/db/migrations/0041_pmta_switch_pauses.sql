ALTER TABLE "pmta_relay_switches" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "pmta_relay_switches" ADD COLUMN "paused_at" timestamp with time zone;