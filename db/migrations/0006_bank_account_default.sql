-- Bring existing data in line first: an inactive account is no default, and where accounts are
-- active but none is the default, the oldest active one becomes it.
UPDATE "bank_account" SET "is_default" = false WHERE "is_default" AND NOT "is_active";--> statement-breakpoint
UPDATE "bank_account" SET "is_default" = true
  WHERE "id" = (SELECT "id" FROM "bank_account" WHERE "is_active" ORDER BY "created_at", "id" LIMIT 1)
  AND NOT EXISTS (SELECT 1 FROM "bank_account" WHERE "is_default");--> statement-breakpoint
ALTER TABLE "bank_account" ADD CONSTRAINT "bank_account_default_is_active" CHECK (not "bank_account"."is_default" or "bank_account"."is_active");--> statement-breakpoint
CREATE FUNCTION "bank_account_default_while_active"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "bank_account" WHERE "is_active")
     AND NOT EXISTS (SELECT 1 FROM "bank_account" WHERE "is_default") THEN
    RAISE EXCEPTION 'one active bank account must be the default'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bank_account_default_while_active';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bank_account_default_while_active"
  AFTER INSERT OR UPDATE OR DELETE ON "bank_account"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "bank_account_default_while_active"();
