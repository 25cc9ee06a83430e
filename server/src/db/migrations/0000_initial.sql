CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_settings" (
	"musician_id" uuid PRIMARY KEY NOT NULL,
	"color_scheme" text DEFAULT 'purple' NOT NULL,
	"layout_mode" text DEFAULT 'grid' NOT NULL,
	"artist_photo" text,
	"banner_image" text,
	"show_year" boolean DEFAULT true NOT NULL,
	"show_notes" boolean DEFAULT true NOT NULL,
	"allow_song_suggestions" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_settings_color_scheme_valid" CHECK ("design_settings"."color_scheme" IN ('purple', 'blue', 'green', 'red', 'orange')),
	CONSTRAINT "design_settings_layout_mode_valid" CHECK ("design_settings"."layout_mode" IN ('grid', 'list'))
);
--> statement-breakpoint
CREATE TABLE "musicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"slug" text NOT NULL,
	"password_hash" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"venmo_link" text DEFAULT '' NOT NULL,
	"paypal_username" text DEFAULT '' NOT NULL,
	"venmo_username" text DEFAULT '' NOT NULL,
	"cash_app_username" text DEFAULT '' NOT NULL,
	"zelle_email" text DEFAULT '' NOT NULL,
	"zelle_phone" text DEFAULT '' NOT NULL,
	"instagram_username" text DEFAULT '' NOT NULL,
	"facebook_username" text DEFAULT '' NOT NULL,
	"tiktok_username" text DEFAULT '' NOT NULL,
	"spotify_artist_url" text DEFAULT '' NOT NULL,
	"apple_music_artist_url" text DEFAULT '' NOT NULL,
	"venmo_enabled" boolean DEFAULT true NOT NULL,
	"paypal_enabled" boolean DEFAULT true NOT NULL,
	"cash_app_enabled" boolean DEFAULT true NOT NULL,
	"zelle_enabled" boolean DEFAULT true NOT NULL,
	"tips_enabled" boolean DEFAULT true NOT NULL,
	"requests_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "musicians_slug_format" CHECK ("musicians"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_attempts_nonnegative" CHECK ("password_resets"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "playlist_songs" (
	"playlist_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_songs_playlist_id_song_id_pk" PRIMARY KEY("playlist_id","song_id"),
	CONSTRAINT "playlist_songs_position_nonnegative" CHECK ("playlist_songs"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlists_name_length" CHECK (length(trim("playlists"."name")) BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "request_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_clicks_type_valid" CHECK ("request_clicks"."type" IN ('tip', 'social'))
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"song_id" uuid,
	"show_id" uuid,
	"song_title" text NOT NULL,
	"song_artist" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"dedication" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tip_amount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"tip_clicked" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_status_valid" CHECK ("requests"."status" IN ('pending', 'accepted', 'up_next', 'played', 'rejected')),
	CONSTRAINT "requests_tip_range" CHECK ("requests"."tip_amount" >= 0 AND "requests"."tip_amount" <= 500)
);
--> statement-breakpoint
CREATE TABLE "shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shows_status_valid" CHECK ("shows"."status" IN ('active', 'stopped', 'archived')),
	CONSTRAINT "shows_name_not_blank" CHECK (length(trim("shows"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "song_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"suggested_title" text NOT NULL,
	"suggested_artist" text NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_suggestions_status_valid" CHECK ("song_suggestions"."status" IN ('pending', 'added', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"moods" text[] DEFAULT '{}'::text[] NOT NULL,
	"year" integer,
	"notes" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songs_title_not_blank" CHECK (length(trim("songs"."title")) > 0),
	CONSTRAINT "songs_artist_not_blank" CHECK (length(trim("songs"."artist")) > 0),
	CONSTRAINT "songs_year_range" CHECK ("songs"."year" IS NULL OR "songs"."year" BETWEEN 1000 AND 2100),
	CONSTRAINT "songs_request_count_nonnegative" CHECK ("songs"."request_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"musician_id" uuid NOT NULL,
	"request_id" uuid,
	"amount" numeric(10, 2) NOT NULL,
	"platform" text NOT NULL,
	"tipper_name" text DEFAULT 'Anonymous' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_range" CHECK ("tips"."amount" > 0 AND "tips"."amount" <= 500),
	CONSTRAINT "tips_platform_valid" CHECK ("tips"."platform" IN ('paypal', 'venmo', 'cashapp', 'zelle'))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_settings" ADD CONSTRAINT "design_settings_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_songs" ADD CONSTRAINT "playlist_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_clicks" ADD CONSTRAINT "request_clicks_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_suggestions" ADD CONSTRAINT "song_suggestions_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_musician_id_musicians_id_fk" FOREIGN KEY ("musician_id") REFERENCES "public"."musicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_token_hash_key" ON "auth_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_sessions_musician_idx" ON "auth_sessions" USING btree ("musician_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "musicians_email_lower_key" ON "musicians" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "musicians_slug_key" ON "musicians" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "password_resets_musician_idx" ON "password_resets" USING btree ("musician_id","created_at");--> statement-breakpoint
CREATE INDEX "playlist_songs_order_idx" ON "playlist_songs" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_songs_song_idx" ON "playlist_songs" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "playlists_musician_idx" ON "playlists" USING btree ("musician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_one_active_per_musician" ON "playlists" USING btree ("musician_id") WHERE "playlists"."is_active";--> statement-breakpoint
CREATE INDEX "request_clicks_request_idx" ON "request_clicks" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "requests_musician_created_idx" ON "requests" USING btree ("musician_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_show_idx" ON "requests" USING btree ("show_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_idempotency_key" ON "requests" USING btree ("musician_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shows_musician_date_idx" ON "shows" USING btree ("musician_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shows_one_active_per_musician" ON "shows" USING btree ("musician_id") WHERE "shows"."status" = 'active';--> statement-breakpoint
CREATE INDEX "song_suggestions_musician_created_idx" ON "song_suggestions" USING btree ("musician_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "song_suggestions_idempotency_key" ON "song_suggestions" USING btree ("musician_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "songs_musician_created_idx" ON "songs" USING btree ("musician_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_musician_created_idx" ON "tips" USING btree ("musician_id","created_at");