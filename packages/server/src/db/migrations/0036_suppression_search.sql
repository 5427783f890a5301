CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bounced_emails_email_trgm" ON "bounced_emails" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "unsubscribers_email_trgm" ON "unsubscribers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (decision 1461): row_counts kept by statement-level triggers, one UPDATE per statement from its
-- transition table (a 1,000,000-row import adds one UPDATE, not a million); TRUNCATE sets 0.
CREATE FUNCTION row_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n + (SELECT count(*) FROM changed) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION row_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = n - (SELECT count(*) FROM changed) WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION row_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
LOCK TABLE unsubscribers, bounced_emails IN SHARE MODE;--> statement-breakpoint
INSERT INTO row_counts (table_name, n)
  SELECT 'unsubscribers', count(*) FROM unsubscribers UNION ALL SELECT 'bounced_emails', count(*) FROM bounced_emails;--> statement-breakpoint
CREATE TRIGGER unsubscribers_added AFTER INSERT ON unsubscribers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added();--> statement-breakpoint
CREATE TRIGGER unsubscribers_removed AFTER DELETE ON unsubscribers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed();--> statement-breakpoint
CREATE TRIGGER unsubscribers_emptied AFTER TRUNCATE ON unsubscribers
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();--> statement-breakpoint
CREATE TRIGGER bounced_emails_added AFTER INSERT ON bounced_emails REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added();--> statement-breakpoint
CREATE TRIGGER bounced_emails_removed AFTER DELETE ON bounced_emails REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed();--> statement-breakpoint
CREATE TRIGGER bounced_emails_emptied AFTER TRUNCATE ON bounced_emails
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();
