DROP INDEX "work_order_items_item_unique";--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "backordered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "work_order_items_item_idx" ON "work_order_items" USING btree ("quote_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_items_sale_unique" ON "work_order_items" USING btree ("committed_sale_id");