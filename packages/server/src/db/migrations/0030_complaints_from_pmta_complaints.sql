-- The PMTA complaints recorded so far become complaints of the one table (decision 1390).
INSERT INTO "campaign_complaints" ("campaign_id", "email_id", "at", "source")
  SELECT "campaign_id", "email_id", "at", 'pmta' FROM "pmta_complaints" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "pmta_complaints" CASCADE;
