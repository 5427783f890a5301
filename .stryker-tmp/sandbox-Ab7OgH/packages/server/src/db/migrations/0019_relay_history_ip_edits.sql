-- Issue 22 §5: the relay IP/host history records edits too. A relay whose IP or host name changes ends its
-- old IP/host ('deleted') and begins the new one ('created'), in that order, at the edit's time: the
-- IP/domain history tool pairs each 'created' with the next 'deleted' of the same relay, IP and host.
CREATE OR REPLACE FUNCTION pmta_relays_history_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relay_history (relay_id, pmta_server_id, user_id, ip, smtp_host, event)
  SELECT x.id, x.pmta_server_id, x.user_id, x.ip, x.smtp_host, x.event
    FROM (
      SELECT o.id, o.pmta_server_id, o.user_id, o.ip, o.smtp_host, 'deleted' AS event, 0 AS step
        FROM old_relays o JOIN new_relays n ON n.id = o.id
       WHERE (o.ip, o.smtp_host) IS DISTINCT FROM (n.ip, n.smtp_host)
      UNION ALL
      SELECT n.id, n.pmta_server_id, n.user_id, n.ip, n.smtp_host, 'created', 1
        FROM old_relays o JOIN new_relays n ON n.id = o.id
       WHERE (o.ip, o.smtp_host) IS DISTINCT FROM (n.ip, n.smtp_host)
    ) x
   ORDER BY x.id, x.step;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pmta_relays_history_update AFTER UPDATE ON pmta_relays
  REFERENCING OLD TABLE AS old_relays NEW TABLE AS new_relays FOR EACH STATEMENT EXECUTE FUNCTION pmta_relays_history_update();
