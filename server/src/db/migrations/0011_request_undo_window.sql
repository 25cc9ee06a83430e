ALTER TABLE "requests" ADD COLUMN "previous_status" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "status_changed_at" timestamp with time zone;