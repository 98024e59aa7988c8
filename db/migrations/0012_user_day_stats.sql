CREATE TABLE "user_day_stat" (
	"day" date PRIMARY KEY NOT NULL,
	"accounts_created" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written: one trigger run per STATEMENT (transition tables), like booking_day_stat
-- (0008): a bulk insert is one upsert per affected day, in day order (no deadlocks).
CREATE FUNCTION user_day_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT (created_at AT TIME ZONE ''Europe/Berlin'')::date AS day, 1 AS n FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT (created_at AT TIME ZONE ''Europe/Berlin'')::date AS day, -1 AS n FROM old_rows';
  ELSE
    source := 'SELECT (o.created_at AT TIME ZONE ''Europe/Berlin'')::date AS day, -1 AS n '
      || 'FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at '
      || 'UNION ALL SELECT (n.created_at AT TIME ZONE ''Europe/Berlin'')::date, 1 '
      || 'FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.created_at IS DISTINCT FROM n.created_at';
  END IF;
  EXECUTE 'INSERT INTO user_day_stat AS t (day, accounts_created) '
    || 'SELECT d.day, sum(d.n) FROM (' || source || ') d GROUP BY d.day ORDER BY d.day '
    || 'ON CONFLICT (day) DO UPDATE SET accounts_created = t.accounts_created + excluded.accounts_created';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_day_stat_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_day_stat_apply();
--> statement-breakpoint
CREATE TRIGGER user_day_stat_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_day_stat_apply();
--> statement-breakpoint
CREATE TRIGGER user_day_stat_update AFTER UPDATE ON "user"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_day_stat_apply();
--> statement-breakpoint
-- The accounts already stored.
INSERT INTO user_day_stat (day, accounts_created)
SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date, count(*) FROM "user" GROUP BY 1;
