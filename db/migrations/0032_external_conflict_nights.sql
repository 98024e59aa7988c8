-- Hand-written (decision 064): an imported event that conflicts still occupies every night of it
-- that nothing else occupies. Airbnb sells 1–15 July while a booking here holds 1–3 July: the
-- nights 3–15 are Airbnb's and must not be sold here nor exported as free (before, a conflict
-- mirrored none of its nights). Such an event holds one `occupancy` row per free stretch
-- ("segment"), stays 'conflict' while any of its nights is taken by something else, and takes the
-- rest of its nights, in the same transaction, as soon as they are freed.
--
-- One source may now have several rows: the unique index moves from (kind, source_id) to
-- (kind, source_id, check_in) (segments of one event never share a night, so never a first one).
DROP INDEX IF EXISTS "occupancy_source_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "occupancy_source_idx" ON "occupancy" USING btree ("kind","source_id","check_in");--> statement-breakpoint
-- Gives the external event `event_id` (of `property`, nights [check_in, check_out)) every night
-- of it that no occupancy row holds, and returns whether it now holds all of them.
--
-- The free stretches are read first, but only as a proposal: each is inserted in a
-- subtransaction, and the exclusion constraint `occupancy_no_overlap` decides (a concurrent
-- booking that committed first makes the insert fail with 23P01; one still in progress makes it
-- wait for that commit). After a refusal the stretches are read again (a new statement sees
-- the new commit under READ COMMITTED) and the rest is tried again; every refusal means another
-- transaction took nights, so this ends, and it is bounded anyway (the nights left stay free,
-- to be taken at the next release or sync, never overlapped). Never a check-then-insert.
--
-- Its own rows are never given up here; adjacent ones are merged into one afterwards, so a
-- conflict that fits again is one row, as any active event. The merge deletes and re-inserts
-- nights this transaction holds (nobody else can take them meanwhile: a competitor's insert
-- waits for this transaction and then meets the merged row).
CREATE OR REPLACE FUNCTION "external_event_take_free_nights"(
  "event_id" uuid, "event_property" uuid, "event_check_in" date, "event_check_out" date
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  stretch daterange;
  attempt integer := 0;
  refused boolean;
  held integer;
  mine datemultirange;
BEGIN
  LOOP
    attempt := attempt + 1;
    refused := false;
    FOR stretch IN
      SELECT unnest(
        datemultirange(daterange(event_check_in, event_check_out, '[)'))
        - coalesce(
            (SELECT range_agg(daterange(o.check_in, o.check_out, '[)'))
               FROM "occupancy" o
              WHERE o.property_id = event_property
                AND o.check_in < event_check_out AND o.check_out > event_check_in),
            '{}'::datemultirange))
    LOOP
      BEGIN
        INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
          VALUES (event_property, lower(stretch), upper(stretch), 'external', event_id);
      EXCEPTION WHEN exclusion_violation THEN
        refused := true;
      END;
    END LOOP;
    EXIT WHEN NOT refused OR attempt >= 5;
  END LOOP;

  SELECT count(*), range_agg(daterange(o.check_in, o.check_out, '[)')) INTO held, mine
    FROM "occupancy" o WHERE o.kind = 'external' AND o.source_id = event_id;
  IF held > (SELECT count(*) FROM unnest(mine)) THEN
    DELETE FROM "occupancy" WHERE "kind" = 'external' AND "source_id" = event_id;
    INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
      SELECT event_property, lower(r), upper(r), 'external', event_id FROM unnest(mine) r;
  END IF;

  RETURN EXISTS (
    SELECT 1 FROM "occupancy"
     WHERE "kind" = 'external' AND "source_id" = event_id
       AND "check_in" = event_check_in AND "check_out" = event_check_out);
END;
$$;--> statement-breakpoint
-- The import's trigger (replaces 0026's): a new or moved event gives up its old nights and takes
-- the free ones of its dates; an unchanged active event keeps its row; an unchanged conflict
-- takes whatever of its nights has become free since. 'active' when it holds all its nights.
-- Still a BEFORE trigger that sets the status (so the import still must not use ON CONFLICT).
CREATE OR REPLACE FUNCTION "occupancy_from_external_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "occupancy" WHERE "kind" = 'external' AND "source_id" = OLD.id;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.property_id = OLD.property_id
      AND NEW.check_in = OLD.check_in AND NEW.check_out = OLD.check_out THEN
      IF OLD.status = 'active' THEN
        NEW.status := 'active';
        RETURN NEW;
      END IF;
    ELSE
      DELETE FROM "occupancy" WHERE "kind" = 'external' AND "source_id" = OLD.id;
    END IF;
  END IF;
  IF "external_event_take_free_nights"(NEW.id, NEW.property_id, NEW.check_in, NEW.check_out) THEN
    NEW.status := 'active';
  ELSE
    NEW.status := 'conflict';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Released nights go to the conflicting imports that want them, in the same transaction: when an
-- occupancy row goes (a booking cancelled, deleted or moved, a block removed or moved, an event
-- released or moved), each conflicting event of that property overlapping its nights is written
-- again, oldest import first, and its trigger above takes the free nights.
--
-- Deferred to the end of the transaction, because a move first deletes the old row and then
-- inserts the new one: run at once, a conflict would take the nights the move is about to
-- re-occupy and the move would fail. At commit the moved booking holds its new nights and the
-- conflict gets only what is really free.
--
-- An event an import is writing at this moment is skipped (SKIP LOCKED): that import holds the
-- event's row and waits for this transaction's nights (the property's lock below), so waiting
-- for its row here would close a circle. Its nights are taken at the next release or sync.
CREATE OR REPLACE FUNCTION "occupancy_released"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  waiting uuid;
BEGIN
  FOR waiting IN
    SELECT e.id FROM "external_event" e
     WHERE e.property_id = OLD.property_id AND e.status = 'conflict'
       AND e.check_in < OLD.check_out AND e.check_out > OLD.check_in
       AND e.id <> OLD.source_id
     ORDER BY e.created_at, e.id
       FOR UPDATE SKIP LOCKED
  LOOP
    -- A no-op write; the BEFORE trigger does the work (and skips a row deleted meanwhile).
    UPDATE "external_event" SET "status" = "status" WHERE "id" = waiting AND "status" = 'conflict';
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "occupancy_released" AFTER DELETE ON "occupancy"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "occupancy_released"();--> statement-breakpoint
-- One writer of a property's nights at a time: every insert, change or removal of an occupancy
-- row first takes a lock on its property, held to the end of the transaction. A conflicting
-- import writes its free stretches one by one; without the lock a booking could put its row
-- between them, wait for the import's first stretch while the import waits for the booking's
-- row at its next one, and PostgreSQL would end one of them as a deadlock (seen once in 36
-- rounds of tests/race/calendar-race.test.ts on a loaded machine). With it the second writer
-- waits and then meets the first one's committed nights: the exclusion constraint still decides.
-- A transaction-scoped advisory lock touches no row; PGlite (one connection) takes it too.
-- The lock is one of 256 (the property's hash modulo 256), not one per property: a statement
-- that writes the nights of very many properties at once (a bulk import, the benchmark's
-- generator with 100,000 properties) would otherwise take a lock per property and overflow
-- the server's lock table ("out of shared memory"). Two properties that share a lock only wait
-- for each other's short writes.
CREATE OR REPLACE FUNCTION "occupancy_lock_property"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_key integer;
  second_key integer;
BEGIN
  first_key := hashtext(coalesce(NEW.property_id, OLD.property_id)::text) & 255;
  second_key := hashtext(coalesce(OLD.property_id, NEW.property_id)::text) & 255;
  -- A row moved to another property locks both, always in the same order.
  PERFORM pg_advisory_xact_lock(70032, least(first_key, second_key));
  IF first_key <> second_key THEN
    PERFORM pg_advisory_xact_lock(70032, greatest(first_key, second_key));
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "occupancy_lock_property" BEFORE INSERT OR UPDATE OR DELETE ON "occupancy"
  FOR EACH ROW EXECUTE FUNCTION "occupancy_lock_property"();--> statement-breakpoint
-- Conflicts stored before this migration take their free nights now.
UPDATE "external_event" SET "status" = "status" WHERE "status" = 'conflict';
