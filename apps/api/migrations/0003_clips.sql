CREATE TABLE "clip_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"alias" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_media_id" integer,
	"name" text NOT NULL,
	"start_time" real NOT NULL,
	"duration" real NOT NULL,
	"tags" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"source" jsonb NOT NULL,
	"method" text,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clips_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "clip_tags" ADD CONSTRAINT "clip_tags_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clip_tags_channel_alias_idx" ON "clip_tags" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE INDEX "clips_user_idx" ON "clips" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "clips_event_idx" ON "clips" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "clips_channel_ready_idx" ON "clips" USING btree ("channel_id","status","ready_at");