CREATE TABLE "console_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"self_registration" boolean DEFAULT true NOT NULL,
	CONSTRAINT "console_settings_one_row" CHECK ("console_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "console_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Decision 1331: every API process caches the users its access tokens name; whatever changes what the token
-- check reads (a new generation, the roles, activity, the name) or deletes the user tells every process
-- through the live hub's channel, at commit, whoever wrote it (the console, a test, psql).
CREATE FUNCTION users_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_hub', json_build_object('topic', '__user_changed', 'userId', OLD.id, 'data', null)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OF username, roles, is_active, token_generation OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_changed_notify();
