CREATE TABLE "inventory" (
	"product_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_product_id_bucket_pk" PRIMARY KEY("product_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "inventory_transaction_serials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_transaction_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"serial_id" integer NOT NULL,
	"scanned_serial_number" text NOT NULL,
	"scanned_upc" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_location_code" text,
	"new_location_code" text,
	"old_condition_code" text,
	"new_condition_code" text,
	"old_disposition_code" text,
	"new_disposition_code" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "inventory_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ims_transaction_reference_id" text NOT NULL,
	"type" text NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"quantity_delta" integer NOT NULL,
	"purchase_order_id" integer,
	"purchase_order_item_id" integer,
	"reverses_id" bigint,
	"notes" text,
	"user_id" integer,
	"client_request_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_transactions_ims_transaction_reference_id_unique" UNIQUE("ims_transaction_reference_id"),
	CONSTRAINT "inventory_transactions_reverses_id_unique" UNIQUE("reverses_id"),
	CONSTRAINT "inventory_transactions_client_request_id_unique" UNIQUE("client_request_id"),
	CONSTRAINT "inventory_transactions_type" CHECK ("inventory_transactions"."type" in ('INVENTORY_RECEIPT','INVENTORY_UNRECEIPT','INVENTORY_TRANSFER','INVENTORY_SALE','INVENTORY_AUDIT_ADJUSTMENT'))
);
--> statement-breakpoint
DROP INDEX "inventory_serials_live_unique";--> statement-breakpoint
ALTER TABLE "inventory_serials" ADD COLUMN "po_api_po_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_serials" ADD COLUMN "legacy_po_api_po_id" text;--> statement-breakpoint
ALTER TABLE "inventory_serials" ADD COLUMN "distributor_inventory_item_id" text;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transaction_serials" ADD CONSTRAINT "inventory_transaction_serials_transaction_id_inventory_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."inventory_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transaction_serials" ADD CONSTRAINT "inventory_transaction_serials_serial_id_inventory_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."inventory_serials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_purchase_order_item_id_purchase_order_items_id_fk" FOREIGN KEY ("purchase_order_item_id") REFERENCES "public"."purchase_order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_bucket_idx" ON "inventory" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "inventory_transaction_serials_tx_idx" ON "inventory_transaction_serials" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "inventory_transaction_serials_serial_idx" ON "inventory_transaction_serials" USING btree ("serial_id");--> statement-breakpoint
CREATE INDEX "inventory_transactions_product_idx" ON "inventory_transactions" USING btree ("product_id","bucket");--> statement-breakpoint
CREATE INDEX "inventory_transactions_po_item_idx" ON "inventory_transactions" USING btree ("purchase_order_item_id");--> statement-breakpoint
CREATE INDEX "inventory_transactions_created_idx" ON "inventory_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_serials_live_unique" ON "inventory_serials" USING btree (upper("serial_number")) WHERE "inventory_serials"."disposition_code" = 'LIVE';