ALTER TABLE "tips" ADD COLUMN "device_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "tips_musician_device_idx" ON "tips" USING btree ("musician_id","device_id","created_at");