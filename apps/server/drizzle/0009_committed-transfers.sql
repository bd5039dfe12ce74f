CREATE TABLE "committed_transfer_serials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "committed_transfer_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"committed_transfer_id" integer NOT NULL,
	"fk_inventory_serial_id" integer,
	"scanned_serial_number" text NOT NULL,
	"scanned_upc" text,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_location_code" text,
	"new_location_code" text,
	"old_condition_code" text,
	"new_condition_code" text,
	"old_disposition_code" text,
	"new_disposition_code" text
);
--> statement-breakpoint
CREATE TABLE "committed_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"ims_transaction_reference_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"from_bucket" text NOT NULL,
	"to_bucket" text NOT NULL,
	"committed_quantity" integer NOT NULL,
	"total_scanned_quantity" integer DEFAULT 0 NOT NULL,
	"committed_by_id" integer,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"commit_notes" text,
	"pos_transfer_batch_ref_id" text,
	"pos_transfer_batch_name" text,
	"sender_sku" text,
	"receiver_sku" text,
	"scanning_required" boolean DEFAULT true NOT NULL,
	"strict_mode" boolean DEFAULT true NOT NULL,
	"transferred_quantity" integer,
	"transferred_at" timestamp with time zone,
	"transferred_by_id" integer,
	"transfer_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committed_transfers_quantity" CHECK ("committed_transfers"."committed_quantity" >= 1),
	CONSTRAINT "committed_transfers_scanned" CHECK ("committed_transfers"."total_scanned_quantity" >= 0 and "committed_transfers"."total_scanned_quantity" <= "committed_transfers"."committed_quantity"),
	CONSTRAINT "committed_transfers_buckets_differ" CHECK ("committed_transfers"."from_bucket" <> "committed_transfers"."to_bucket")
);
--> statement-breakpoint
ALTER TABLE "committed_transfer_serials" ADD CONSTRAINT "committed_transfer_serials_committed_transfer_id_committed_transfers_id_fk" FOREIGN KEY ("committed_transfer_id") REFERENCES "public"."committed_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfer_serials" ADD CONSTRAINT "committed_transfer_serials_fk_inventory_serial_id_inventory_serials_id_fk" FOREIGN KEY ("fk_inventory_serial_id") REFERENCES "public"."inventory_serials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfers" ADD CONSTRAINT "committed_transfers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfers" ADD CONSTRAINT "committed_transfers_from_bucket_buckets_bucket_fk" FOREIGN KEY ("from_bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfers" ADD CONSTRAINT "committed_transfers_to_bucket_buckets_bucket_fk" FOREIGN KEY ("to_bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfers" ADD CONSTRAINT "committed_transfers_committed_by_id_users_id_fk" FOREIGN KEY ("committed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committed_transfers" ADD CONSTRAINT "committed_transfers_transferred_by_id_users_id_fk" FOREIGN KEY ("transferred_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committed_transfer_serials_transfer_idx" ON "committed_transfer_serials" USING btree ("committed_transfer_id");--> statement-breakpoint
CREATE INDEX "committed_transfer_serials_serial_idx" ON "committed_transfer_serials" USING btree ("fk_inventory_serial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "committed_transfers_reference_unique" ON "committed_transfers" USING btree ("ims_transaction_reference_id");--> statement-breakpoint
CREATE INDEX "committed_transfers_product_idx" ON "committed_transfers" USING btree ("product_id","committed_at");--> statement-breakpoint
CREATE INDEX "committed_transfers_open_idx" ON "committed_transfers" USING btree ("committed_at") WHERE "committed_transfers"."transferred_at" is null;--> statement-breakpoint
CREATE INDEX "committed_transfers_batch_ref_idx" ON "committed_transfers" USING btree ("pos_transfer_batch_ref_id");--> statement-breakpoint
CREATE INDEX "committed_transfers_batch_name_idx" ON "committed_transfers" USING btree ("pos_transfer_batch_name");