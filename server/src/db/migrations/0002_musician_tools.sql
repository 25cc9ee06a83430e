CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_kind_valid" CHECK ("images"."kind" IN ('artist_photo', 'banner_image'))
);
--> statement-breakpoint
CREATE TABLE "musician_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"musician_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "venue_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "venue_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "performed_on" date;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "songwriter" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "musician_slug_history" ADD CONSTRAINT "musician_slug_history_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_musician_idx" ON "images" USING btree ("musician_id");--> statement-breakpoint
CREATE INDEX "musician_slug_history_musician_idx" ON "musician_slug_history" USING btree ("musician_id");