ALTER TABLE "committed_sales" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "sales_channel" text;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "ship_to_state" text;--> statement-breakpoint
CREATE INDEX "committed_sales_transacted_idx" ON "committed_sales" USING btree ("transacted_at") WHERE "committed_sales"."transacted_at" is not null;--> statement-breakpoint
CREATE INDEX "committed_sales_product_transacted_idx" ON "committed_sales" USING btree ("product_id","transacted_at") WHERE "committed_sales"."transacted_at" is not null;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD CONSTRAINT "committed_sales_unit_price" CHECK ("committed_sales"."unit_price_cents" >= 0);