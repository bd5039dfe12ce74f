ALTER TABLE "products" ADD COLUMN "asin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;