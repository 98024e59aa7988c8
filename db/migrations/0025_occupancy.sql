CREATE TABLE "external_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"missing_count" integer DEFAULT 0 NOT NULL,
	"conflict_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_event_dates_check" CHECK ("external_event"."check_out" > "external_event"."check_in"),
	CONSTRAINT "external_event_kind_check" CHECK ("external_event"."kind" in ('booking', 'block')),
	CONSTRAINT "external_event_status_check" CHECK ("external_event"."status" in ('active', 'conflict'))
);
--> statement-breakpoint
CREATE TABLE "ical_export" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_export_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "ical_feed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"channel" text NOT NULL,
	"is_end_last_night" boolean DEFAULT false NOT NULL,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"sync_lease_until" timestamp with time zone,
	"stale_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_feed_channel_check" CHECK ("ical_feed"."channel" in ('airbnb', 'booking-com', 'vrbo', 'other'))
);
--> statement-breakpoint
CREATE TABLE "ical_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" text NOT NULL,
	"http_status" integer,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "ical_sync_log_result_check" CHECK ("ical_sync_log"."result" in ('ok', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "occupancy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupancy_dates_check" CHECK ("occupancy"."check_out" > "occupancy"."check_in"),
	CONSTRAINT "occupancy_kind_check" CHECK ("occupancy"."kind" in ('booking', 'block', 'external'))
);
--> statement-breakpoint
CREATE TABLE "property_block" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_block_dates_check" CHECK ("property_block"."check_out" > "property_block"."check_in"),
	CONSTRAINT "property_block_reason_check" CHECK ("property_block"."reason" in ('own-use', 'maintenance', 'other'))
);
--> statement-breakpoint
ALTER TABLE "external_event" ADD CONSTRAINT "external_event_feed_id_ical_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_event" ADD CONSTRAINT "external_event_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_export" ADD CONSTRAINT "ical_export_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feed" ADD CONSTRAINT "ical_feed_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_sync_log" ADD CONSTRAINT "ical_sync_log_feed_id_ical_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."ical_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy" ADD CONSTRAINT "occupancy_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_block" ADD CONSTRAINT "property_block_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_block" ADD CONSTRAINT "property_block_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_event_feed_uid_idx" ON "external_event" USING btree ("feed_id","uid");--> statement-breakpoint
CREATE INDEX "external_event_conflict_idx" ON "external_event" USING btree ("property_id") WHERE "external_event"."status" = 'conflict';--> statement-breakpoint
CREATE INDEX "ical_feed_property_idx" ON "ical_feed" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "ical_feed_next_sync_idx" ON "ical_feed" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "ical_sync_log_feed_idx" ON "ical_sync_log" USING btree ("feed_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "occupancy_source_idx" ON "occupancy" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "property_block_property_idx" ON "property_block" USING btree ("property_id","check_in");