ALTER TABLE "musicians" ADD COLUMN "requests_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "requests_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "requests_window_announced_at" timestamp with time zone;