-- A relay that joins a relay group following a warm-up plan joins the plan on day 1 (decision 1434), however it
-- got there (created in the group, moved by its form, a bulk action or an upload). Row triggers with a WHEN
-- clause: the engine's frequent updates of other columns never run them. A relay already in a plan keeps its
-- own; a relay that leaves the group keeps its plan (the warm-up belongs to the IP, not to the group).
CREATE FUNCTION warmup_group_joined() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind smallint := TG_ARGV[0]::smallint;
BEGIN
  WITH plan_of_group AS (
    SELECT w.plan_id, w.user_id FROM warmup_relays w
     WHERE w.relay_type = kind AND w.group_id = NEW.group_id
     ORDER BY w.relay_id LIMIT 1),
  joined AS (
    INSERT INTO warmup_relays (relay_type, relay_id, user_id, plan_id, group_id, day, day_started)
    SELECT kind, NEW.id, g.user_id, g.plan_id, NEW.group_id, 1, (now() AT TIME ZONE 'utc')::date FROM plan_of_group g
    ON CONFLICT (relay_type, relay_id) DO NOTHING
    RETURNING plan_id, user_id)
  INSERT INTO warmup_steps (relay_type, relay_id, user_id, plan_id, plan_name, decision, to_day, reason)
  SELECT kind, NEW.id, j.user_id, j.plan_id, p.name, 'attached', 1,
         'Joined relay group #' || NEW.group_id || ', which follows the plan; starts on day 1.'
    FROM joined j JOIN warmup_plans p ON p.id = j.plan_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pmta_relays_warmup_joined AFTER INSERT ON pmta_relays
  FOR EACH ROW WHEN (NEW.group_id IS NOT NULL) EXECUTE FUNCTION warmup_group_joined('1');
--> statement-breakpoint
CREATE TRIGGER pmta_relays_warmup_moved AFTER UPDATE OF group_id ON pmta_relays
  FOR EACH ROW WHEN (NEW.group_id IS NOT NULL AND NEW.group_id IS DISTINCT FROM OLD.group_id)
  EXECUTE FUNCTION warmup_group_joined('1');
--> statement-breakpoint
CREATE TRIGGER smtp_relays_warmup_joined AFTER INSERT ON smtp_relays
  FOR EACH ROW WHEN (NEW.group_id IS NOT NULL) EXECUTE FUNCTION warmup_group_joined('2');
--> statement-breakpoint
CREATE TRIGGER smtp_relays_warmup_moved AFTER UPDATE OF group_id ON smtp_relays
  FOR EACH ROW WHEN (NEW.group_id IS NOT NULL AND NEW.group_id IS DISTINCT FROM OLD.group_id)
  EXECUTE FUNCTION warmup_group_joined('2');
