CREATE TABLE "content_preview" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"language" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"restored_from" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_version_language_check" CHECK ("content_version"."language" in ('de', 'en')),
	CONSTRAINT "content_version_number_check" CHECK ("content_version"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "content_preview" ADD CONSTRAINT "content_preview_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_preview_created_idx" ON "content_preview" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_version_page_idx" ON "content_version" USING btree ("page","language","version");