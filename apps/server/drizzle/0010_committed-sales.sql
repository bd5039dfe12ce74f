CREATE TABLE "committed_sale_serials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "committed_sale_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"committed_sale_id" integer NOT NULL,
	"fk_inventory_serial_id" integer,
	"serial_number" text NOT NULL,
	"scanned_upc" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qc_complete" boolean DEFAULT false NOT NULL,
	"packed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committed_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"ims_transaction_reference_id" text NOT NULL,
	"legacy_pos_invoice_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"source_bucket" text NOT NULL,
	"committed_quantity" integer NOT NULL,
	"scanning_required" boolean DEFAULT false NOT NULL,
	"commit_notes" text,
	"committed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transacted_at" timestamp with time zone,
	"transacted_by_id" integer,
	"invoiced_by_name" text,
	"finish_notes" text,
	"strict_mode" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committed_sales_quantity" CHECK ("committed_sales"."committed_quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "committed_sale_serials" ADD CONSTRAINT "committed_sale_serials_committed_sale_id_committed_sales_id_fk" FOREIGN KEY ("committed_sale_id") REFERENCES "public"."committed_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_sale_serials" ADD CONSTRAINT "committed_sale_serials_fk_inventory_serial_id_inventory_serials_id_fk" FOREIGN KEY ("fk_inventory_serial_id") REFERENCES "public"."inventory_serials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD CONSTRAINT "committed_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD CONSTRAINT "committed_sales_source_bucket_buckets_bucket_fk" FOREIGN KEY ("source_bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD CONSTRAINT "committed_sales_committed_by_id_users_id_fk" FOREIGN KEY ("committed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD CONSTRAINT "committed_sales_transacted_by_id_users_id_fk" FOREIGN KEY ("transacted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committed_sale_serials_sale_idx" ON "committed_sale_serials" USING btree ("committed_sale_id");--> statement-breakpoint
CREATE INDEX "committed_sale_serials_serial_idx" ON "committed_sale_serials" USING btree ("fk_inventory_serial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "committed_sale_serials_number_unique" ON "committed_sale_serials" USING btree ("committed_sale_id",upper("serial_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "committed_sales_reference_unique" ON "committed_sales" USING btree ("ims_transaction_reference_id");--> statement-breakpoint
CREATE INDEX "committed_sales_invoice_idx" ON "committed_sales" USING btree ("legacy_pos_invoice_id");--> statement-breakpoint
CREATE INDEX "committed_sales_product_idx" ON "committed_sales" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "committed_sales_open_idx" ON "committed_sales" USING btree ("created_at") WHERE "committed_sales"."transacted_at" is null;