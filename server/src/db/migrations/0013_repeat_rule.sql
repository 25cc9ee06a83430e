ALTER TABLE "musicians" ADD COLUMN "repeat_rule" text DEFAULT 'allow' NOT NULL;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "repeat_hours" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
-- Requests played before this migration: their last change was the move to played.
UPDATE "requests" SET "played_at" = "updated_at" WHERE "status" = 'played';--> statement-breakpoint
CREATE INDEX "requests_musician_song_played_idx" ON "requests" USING btree ("musician_id","song_id","played_at") WHERE "requests"."status" IN ('up_next', 'played');--> statement-breakpoint
ALTER TABLE "musicians" ADD CONSTRAINT "musicians_repeat_rule_valid" CHECK ("musicians"."repeat_rule" IN ('allow', 'show', 'hours'));--> statement-breakpoint
ALTER TABLE "musicians" ADD CONSTRAINT "musicians_repeat_hours_range" CHECK ("musicians"."repeat_hours" BETWEEN 1 AND 72);