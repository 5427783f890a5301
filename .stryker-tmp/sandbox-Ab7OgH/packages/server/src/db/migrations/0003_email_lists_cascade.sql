-- emails has no foreign keys (bulk-import speed, docs/decisions/0201-emails-without-foreign-keys.md).
-- This statement trigger keeps the cascade: whatever deletes lists (DELETE /api/email_lists/{id}, or the
-- cascade from a deleted user) also deletes their e-mails, in the same transaction, in one set-based delete.
CREATE OR REPLACE FUNCTION email_lists_delete_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM emails e USING gone_lists g WHERE e.email_list_id = g.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_lists_delete_emails
  AFTER DELETE ON email_lists
  REFERENCING OLD TABLE AS gone_lists
  FOR EACH STATEMENT EXECUTE FUNCTION email_lists_delete_emails();
