-- One customer per user and provider (was one per user: a second provider's customer was never kept).
ALTER TABLE "payment_customers" DROP CONSTRAINT "payment_customers_pkey";--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider");
