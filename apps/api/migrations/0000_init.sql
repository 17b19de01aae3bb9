CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"session" text NOT NULL,
	"name" text NOT NULL,
	"page" text,
	"previous_page" text,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"profile" text,
	"device_type" text NOT NULL,
	"user_agent" text NOT NULL,
	"resolution" text NOT NULL,
	"platform" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_video_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"session" text NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" real,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_viewing_time" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"session" text NOT NULL,
	"event_id" integer NOT NULL,
	"seconds" integer NOT NULL,
	"category" text,
	"sport" text,
	"gender" text,
	"school" text,
	"league" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"password_hash" text,
	"temporary_password" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"trial_period_used" boolean DEFAULT false NOT NULL,
	"capabilities" text[],
	"clips_count" integer DEFAULT 0 NOT NULL,
	"downloads_count" integer DEFAULT 0 NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"channel_key" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"logo" text,
	"colors" jsonb NOT NULL,
	"extras" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_slug_unique" UNIQUE("slug"),
	CONSTRAINT "channels_channelKey_unique" UNIQUE("channel_key")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"target" text DEFAULT 'internal' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"alt_name" text,
	"content" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prerolls" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"url" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"location_id" integer,
	"event_categories" integer[] DEFAULT '{}' NOT NULL,
	"for_live" boolean DEFAULT true NOT NULL,
	"for_vod" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"client_interface" text DEFAULT 'web' NOT NULL,
	"type" text DEFAULT 'home' NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"image" text NOT NULL,
	"slidable_type" text NOT NULL,
	"slidable_id" integer,
	"url" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_price_cents" integer NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"image" text,
	"offer" text,
	"period" integer,
	"trial_period_days" integer,
	"weight" integer DEFAULT 0 NOT NULL,
	"pass_type" text DEFAULT 'regular' NOT NULL,
	"is_team_pass" boolean DEFAULT false NOT NULL,
	"is_single_event" boolean DEFAULT false NOT NULL,
	"is_basic" boolean DEFAULT false NOT NULL,
	"event_category_id" integer,
	"event_categories" integer[] DEFAULT '{}' NOT NULL,
	"participants" integer[] DEFAULT '{}' NOT NULL,
	"group_name" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_form_values" (
	"user_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb,
	CONSTRAINT "custom_form_values_user_id_alias_name_pk" PRIMARY KEY("user_id","alias","name")
);
--> statement-breakpoint
CREATE TABLE "custom_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"alias" text NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"country" text DEFAULT 'US' NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"access_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"stream_status" text NOT NULL,
	"location_id" integer,
	"event_category_id" integer,
	"home_team_id" integer,
	"away_team_id" integer,
	"home_group_id" integer,
	"away_group_id" integer,
	"gender" text,
	"poster" text,
	"media_key" text,
	"base_price_cents" integer DEFAULT 0 NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"image" text,
	"color" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"participant_group_id" integer,
	"event_category_id" integer,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"logo" text,
	"banner" text,
	"color" text NOT NULL,
	"gender" text
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"favoritable_type" text NOT NULL,
	"favoritable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"duration_s" real,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_video_events" ADD CONSTRAINT "analytics_video_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_viewing_time" ADD CONSTRAINT "analytics_viewing_time_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_hosts" ADD CONSTRAINT "channel_hosts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prerolls" ADD CONSTRAINT "prerolls_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_form_values" ADD CONSTRAINT "custom_form_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_forms" ADD CONSTRAINT "custom_forms_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_locations" ADD CONSTRAINT "event_locations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_event_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."event_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_category_id_event_categories_id_fk" FOREIGN KEY ("event_category_id") REFERENCES "public"."event_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_home_team_id_participants_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_away_team_id_participants_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_groups" ADD CONSTRAINT "participant_groups_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_participant_group_id_participant_groups_id_fk" FOREIGN KEY ("participant_group_id") REFERENCES "public"."participant_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_event_category_id_event_categories_id_fk" FOREIGN KEY ("event_category_id") REFERENCES "public"."event_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_channel_id_name_created_at_index" ON "analytics_events" USING btree ("channel_id","name","created_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_channel_id_started_at_index" ON "analytics_sessions" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "analytics_video_events_channel_id_created_at_index" ON "analytics_video_events" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_video_events_event_id_index" ON "analytics_video_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "analytics_viewing_time_channel_id_created_at_index" ON "analytics_viewing_time" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_channel_id_provider_subject_index" ON "social_identities" USING btree ("channel_id","provider","subject");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_kind_index" ON "user_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_email_unique" ON "users" USING btree ("channel_id",lower("email"));--> statement-breakpoint
CREATE INDEX "faqs_channel_id_position_index" ON "faqs" USING btree ("channel_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_channel_id_position_index" ON "menu_items" USING btree ("channel_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_channel_id_url_index" ON "pages" USING btree ("channel_id","url");--> statement-breakpoint
CREATE INDEX "slides_channel_id_client_interface_type_position_index" ON "slides" USING btree ("channel_id","client_interface","type","position");--> statement-breakpoint
CREATE INDEX "passes_channel_id_kind_weight_index" ON "passes" USING btree ("channel_id","kind","weight");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_forms_channel_id_alias_index" ON "custom_forms" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "event_categories_channel_id_alias_index" ON "event_categories" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE INDEX "events_channel_id_starts_at_id_index" ON "events" USING btree ("channel_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_channel_id_stream_status_starts_at_id_index" ON "events" USING btree ("channel_id","stream_status","starts_at","id");--> statement-breakpoint
CREATE INDEX "events_home_team_id_starts_at_index" ON "events" USING btree ("home_team_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_away_team_id_starts_at_index" ON "events" USING btree ("away_team_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_home_group_id_starts_at_index" ON "events" USING btree ("home_group_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_away_group_id_starts_at_index" ON "events" USING btree ("away_group_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_event_category_id_starts_at_index" ON "events" USING btree ("event_category_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participant_groups_channel_id_alias_index" ON "participant_groups" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_channel_id_alias_index" ON "participants" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_id_favoritable_type_favoritable_id_index" ON "favorites" USING btree ("user_id","favoritable_type","favoritable_id");--> statement-breakpoint
CREATE INDEX "api_keys_user_id_index" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_keys_expires_at_index" ON "api_keys" USING btree ("expires_at");