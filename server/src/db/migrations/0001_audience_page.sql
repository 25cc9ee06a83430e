ALTER TABLE "requests" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_status_token_hash_key" ON "requests" USING btree ("status_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_idempotency_key" ON "tips" USING btree ("musician_id","idempotency_key");