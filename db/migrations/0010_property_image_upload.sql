CREATE TABLE "property_image_upload" (
	"key" text PRIMARY KEY NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "property_image_upload_size_check" CHECK ("property_image_upload"."width" > 0 and "property_image_upload"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "property_image_upload" ADD CONSTRAINT "property_image_upload_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_image_upload_pending_idx" ON "property_image_upload" USING btree ("created_at") WHERE "property_image_upload"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "property_image_upload_uploader_idx" ON "property_image_upload" USING btree ("uploaded_by","created_at") WHERE "property_image_upload"."attached_at" is null;