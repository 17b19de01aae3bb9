ALTER TABLE "faqs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;