-- Hand-written (issue 18, decision 045): one occupancy model. Bookings, admin blocks and imported
-- calendar events of a property never share a night, and the database says so for all three:
-- each is mirrored into `occupancy` by a trigger in the same statement, and `occupancy` carries
-- the exclusion constraint. A booking that races an import fails with 23P01 like a booking that
-- races a booking (booking.server.ts maps it to "Der gewählte Zeitraum ist bereits gebucht").
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&);
--> statement-breakpoint
-- The search's availability filter: one btree probe per candidate (as booking_active_property_
-- checkout_idx did for bookings alone, migration 0004).
CREATE INDEX "occupancy_property_checkout_idx" ON "occupancy" ("property_id", "check_out")
  INCLUDE ("check_in");
--> statement-breakpoint
-- Bookings: a non-cancelled booking occupies its nights. Only a change of the property, the dates
-- or of cancelled-or-not rewrites the mirror (a payment or a note leaves it alone).
CREATE OR REPLACE FUNCTION "occupancy_from_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.property_id = OLD.property_id AND NEW.check_in = OLD.check_in
    AND NEW.check_out = OLD.check_out
    AND (NEW.status = 'cancelled') = (OLD.status = 'cancelled') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "occupancy" WHERE "kind" = 'booking' AND "source_id" = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN
    INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
      VALUES (NEW.property_id, NEW.check_in, NEW.check_out, 'booking', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "booking_occupancy" AFTER INSERT OR UPDATE OR DELETE ON "booking"
  FOR EACH ROW EXECUTE FUNCTION "occupancy_from_booking"();--> statement-breakpoint
-- Bookings made before this migration (they never overlap each other: booking_no_property_overlap).
INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
  SELECT "property_id", "check_in", "check_out", 'booking', "id" FROM "booking"
  WHERE "status" <> 'cancelled';
--> statement-breakpoint
-- Admin blocks: always occupy their nights; an overlap fails the admin's statement (23P01).
CREATE OR REPLACE FUNCTION "occupancy_from_block"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.property_id = OLD.property_id AND NEW.check_in = OLD.check_in
    AND NEW.check_out = OLD.check_out THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "occupancy" WHERE "kind" = 'block' AND "source_id" = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
      VALUES (NEW.property_id, NEW.check_in, NEW.check_out, 'block', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "property_block_occupancy" AFTER INSERT OR UPDATE OR DELETE ON "property_block"
  FOR EACH ROW EXECUTE FUNCTION "occupancy_from_block"();--> statement-breakpoint
-- Imported events never overwrite and never fail the import: an event whose nights are taken is
-- stored with status 'conflict' and not mirrored (the sync alerts the admins). The mirror is
-- tried in a subtransaction (the EXCEPTION block), so the decision is the constraint's, made
-- atomically, never a check-then-insert. Every insert or update of an event tries again, so a
-- conflict becomes active once its nights are free and the feed still has it.
-- A BEFORE trigger, so it can set the status: the import must not use INSERT … ON CONFLICT
-- (the insert's mirror would be written before the conflict turns it into an update).
CREATE OR REPLACE FUNCTION "occupancy_from_external_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "occupancy" WHERE "kind" = 'external' AND "source_id" = OLD.id;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'active' AND NEW.property_id = OLD.property_id
      AND NEW.check_in = OLD.check_in AND NEW.check_out = OLD.check_out THEN
      NEW.status := 'active';
      RETURN NEW;
    END IF;
    DELETE FROM "occupancy" WHERE "kind" = 'external' AND "source_id" = OLD.id;
  END IF;
  BEGIN
    INSERT INTO "occupancy" ("property_id", "check_in", "check_out", "kind", "source_id")
      VALUES (NEW.property_id, NEW.check_in, NEW.check_out, 'external', NEW.id);
    NEW.status := 'active';
  EXCEPTION WHEN exclusion_violation THEN
    NEW.status := 'conflict';
  END;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "external_event_occupancy" BEFORE INSERT OR UPDATE OR DELETE ON "external_event"
  FOR EACH ROW EXECUTE FUNCTION "occupancy_from_external_event"();--> statement-breakpoint
-- The public property page shows occupied nights: its cached copies go with every change
-- (decision 038; blocks and imports reach the page only through this table).
CREATE TRIGGER "occupancy_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "occupancy"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();
