CREATE TABLE "vod_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_media_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"date" timestamp with time zone NOT NULL,
	"media_key" text NOT NULL,
	"image" text NOT NULL,
	"preview" text
);
--> statement-breakpoint
CREATE TABLE "vod_rail_items" (
	"rail_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vod_rail_items_rail_id_item_id_pk" PRIMARY KEY("rail_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "vod_rails" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vod_categories" ADD CONSTRAINT "vod_categories_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_media_items" ADD CONSTRAINT "vod_media_items_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_media_items" ADD CONSTRAINT "vod_media_items_category_id_vod_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."vod_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_rail_items" ADD CONSTRAINT "vod_rail_items_rail_id_vod_rails_id_fk" FOREIGN KEY ("rail_id") REFERENCES "public"."vod_rails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_rail_items" ADD CONSTRAINT "vod_rail_items_item_id_vod_media_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."vod_media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_rails" ADD CONSTRAINT "vod_rails_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vod_categories_channel_id_alias_index" ON "vod_categories" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE INDEX "vod_media_items_channel_id_category_id_date_index" ON "vod_media_items" USING btree ("channel_id","category_id","date");--> statement-breakpoint
CREATE INDEX "vod_media_items_channel_id_date_index" ON "vod_media_items" USING btree ("channel_id","date");--> statement-breakpoint
CREATE INDEX "vod_rails_channel_id_position_index" ON "vod_rails" USING btree ("channel_id","position");