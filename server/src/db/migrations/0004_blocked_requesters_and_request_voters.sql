CREATE TABLE "blocked_requesters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"requester_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_voters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"musician_id" uuid NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"dedication" text DEFAULT '' NOT NULL,
	"tip_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"status_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "request_clicks_request_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "device_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "votes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_requesters" ADD CONSTRAINT "blocked_requesters_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_voters" ADD CONSTRAINT "request_voters_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_voters" ADD CONSTRAINT "request_voters_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_requesters_musician_idx" ON "blocked_requesters" USING btree ("musician_id");--> statement-breakpoint
CREATE INDEX "request_voters_request_idx" ON "request_voters" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_voters_musician_email_idx" ON "request_voters" USING btree ("musician_id",lower("requester_email"),"created_at");--> statement-breakpoint
CREATE INDEX "request_voters_musician_device_idx" ON "request_voters" USING btree ("musician_id","device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_voters_idempotency_key" ON "request_voters" USING btree ("musician_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "request_voters_status_token_hash_key" ON "request_voters" USING btree ("status_token_hash");--> statement-breakpoint
-- Clicks were stored once per tap: keep the first of each request, type and platform.
DELETE FROM "request_clicks" a USING "request_clicks" b WHERE a."request_id" = b."request_id" AND a."type" = b."type" AND a."platform" = b."platform" AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_clicks_request_type_platform_key" ON "request_clicks" USING btree ("request_id","type","platform");--> statement-breakpoint
CREATE INDEX "requests_musician_updated_idx" ON "requests" USING btree ("musician_id","updated_at");--> statement-breakpoint
CREATE INDEX "requests_musician_email_idx" ON "requests" USING btree ("musician_id",lower("requester_email"),"created_at");--> statement-breakpoint
CREATE INDEX "requests_musician_device_idx" ON "requests" USING btree ("musician_id","device_id","created_at");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_votes_positive" CHECK ("requests"."votes" >= 1);