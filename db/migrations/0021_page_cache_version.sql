-- Hand-written (decision 038, page cache): every change of a table whose rows show on public
-- pages tells every app process to drop its cached pages. A statement-level trigger cannot be
-- forgotten by a code path (admin form, booking, worker, CSV import, psql). pg_notify is
-- delivered when the transaction commits, only then, and PostgreSQL sends one notification per
-- transaction however many statements fired it (same channel and payload are folded).
-- The channel is the one the settings already use (settings-events.server.ts).
CREATE OR REPLACE FUNCTION "page_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', 'data');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settings_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "property_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "booking"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "review_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "review_vote_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_vote"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "content_version_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "bank_account_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bank_account"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
-- Names of reviewers (and a host's name) come from the accounts.
CREATE TRIGGER "user_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();--> statement-breakpoint
CREATE TRIGGER "profile_page_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profile"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_data_changed"();
