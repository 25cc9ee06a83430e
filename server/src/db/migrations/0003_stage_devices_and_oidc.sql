CREATE TABLE "oidc_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_flows_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "oidc_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_signups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "stage_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "scope" text DEFAULT 'musician' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "stage_device_id" uuid;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "musicians" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "stage_devices" ADD CONSTRAINT "stage_devices_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_devices_code_hash_key" ON "stage_devices" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "stage_devices_musician_idx" ON "stage_devices" USING btree ("musician_id");--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_stage_device_id_stage_devices_id_fk" FOREIGN KEY ("stage_device_id") REFERENCES "public"."stage_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_stage_device_idx" ON "auth_sessions" USING btree ("stage_device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "musicians_oidc_account_key" ON "musicians" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_scope_valid" CHECK ("auth_sessions"."scope" IN ('musician', 'stage'));