CREATE TABLE "property_image_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"http_status" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_image_import_status_check" CHECK ("property_image_import"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "property_image_import" ADD CONSTRAINT "property_image_import_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_image_import_pending_idx" ON "property_image_import" USING btree ("next_attempt_at") WHERE "property_image_import"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "property_image_import_property_idx" ON "property_image_import" USING btree ("property_id","position");