-- Trigram indexes for the relay lists' "contains" filters (ILIKE '%...%'). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "pmta_relays_smtp_host_trgm" ON "pmta_relays" USING gin ("smtp_host" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pmta_relays_description_trgm" ON "pmta_relays" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "smtp_relays_account_trgm" ON "smtp_relays" USING gin ("account" gin_trgm_ops);