DROP INDEX "products_brand_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serial_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_data_source" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_data_model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_data_source_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_data_source_update_status" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_rebate_credit_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_adj_cost_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_map_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_adj_map_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "current_rebate_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "minimum_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spiff_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_number_upper_unique" ON "products" USING btree (upper("model_number"));--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_model_idx" ON "products" USING btree ("fk_category_id","model_number");--> statement-breakpoint
CREATE INDEX "products_brand_model_idx" ON "products" USING btree ("fk_brand_id","model_number");--> statement-breakpoint
CREATE INDEX "products_model_id_idx" ON "products" USING btree ("model_number","id");