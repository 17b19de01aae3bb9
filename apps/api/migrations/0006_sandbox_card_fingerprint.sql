-- A card fingerprint (keyed hash of the number) so the sandbox saves one card once per customer, as Stripe does.
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "sandbox_pm_fingerprint" ON "sandbox_payment_methods" USING btree ("customer_id","fingerprint");