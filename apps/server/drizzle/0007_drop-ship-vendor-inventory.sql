CREATE TABLE "drop_ship_vendor_inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_location_code" text NOT NULL,
	"product_id" integer NOT NULL,
	"qty_purchasable" integer NOT NULL,
	"cost_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_ship_vendor_inventory_qty" CHECK ("drop_ship_vendor_inventory"."qty_purchasable" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drop_ship_vendor_inventory" ADD CONSTRAINT "drop_ship_vendor_inventory_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_ship_vendor_inventory" ADD CONSTRAINT "drop_ship_vendor_inventory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_ship_vendor_inventory_unique" ON "drop_ship_vendor_inventory" USING btree ("vendor_id","vendor_location_code","product_id");--> statement-breakpoint
CREATE INDEX "drop_ship_vendor_inventory_product_idx" ON "drop_ship_vendor_inventory" USING btree ("product_id");