ALTER TABLE "musicians" ADD COLUMN "venue_screen_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "venue_screen_dedications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "public_queue" boolean DEFAULT false NOT NULL;