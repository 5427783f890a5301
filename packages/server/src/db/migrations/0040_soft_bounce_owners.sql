ALTER TABLE "soft_bounces" ADD COLUMN "owners" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "soft_bounces" ADD COLUMN "reasons" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "soft_bounces" ADD COLUMN "diagnostics" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Rows from before (decision 1480): the owners are unknown (administrators still see the bounces), the category
-- is the row's last one for each, the reply is known for the last bounce only.
UPDATE "soft_bounces" SET
  "owners" = array_fill(NULL::integer, ARRAY[cardinality("bounces")]),
  "reasons" = array_fill("reason", ARRAY[cardinality("bounces")]),
  "diagnostics" = array_fill(NULL::text, ARRAY[greatest(cardinality("bounces") - 1, 0)]) || "diagnostic";
