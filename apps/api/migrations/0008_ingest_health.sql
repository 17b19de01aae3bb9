CREATE TABLE "ingest_health_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"connected" boolean NOT NULL,
	"input_kbps" real,
	"source_fps" real,
	"width" integer,
	"height" integer,
	"video_codec" text,
	"audio_codec" text,
	"gap_s" real DEFAULT 0 NOT NULL,
	"transcoder_running" boolean NOT NULL,
	"speed" real,
	"transcoder_fps" real,
	"frames_dropped" integer DEFAULT 0 NOT NULL,
	"frames_duplicated" integer DEFAULT 0 NOT NULL,
	"stalled" boolean DEFAULT false NOT NULL,
	"slow" boolean DEFAULT false NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingest_health_samples" ADD CONSTRAINT "ingest_health_samples_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_health_samples" ADD CONSTRAINT "ingest_health_samples_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_health_samples_event_time" ON "ingest_health_samples" USING btree ("event_id","sampled_at");