CREATE TABLE "bin_items" (
	"bin_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bin_items_bin_id_product_id_pk" PRIMARY KEY("bin_id","product_id"),
	CONSTRAINT "bin_items_quantity" CHECK ("bin_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "bin_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bin_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bin_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity_delta" integer NOT NULL,
	"reason" text NOT NULL,
	"pick_list_item_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bin_movements_reason" CHECK ("bin_movements"."reason" in ('ASSIGN','REMOVE','PICK')),
	CONSTRAINT "bin_movements_delta" CHECK ("bin_movements"."quantity_delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bins" (
	"id" serial PRIMARY KEY NOT NULL,
	"bin_name" text NOT NULL,
	"location_code" text NOT NULL,
	"condition_code" text NOT NULL,
	"bucket" text NOT NULL,
	"row" integer NOT NULL,
	"bay" integer NOT NULL,
	"shelf" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bins_row_bay_shelf" CHECK ("bins"."row" between 0 and 99 and "bins"."bay" between 0 and 99 and "bins"."shelf" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "pick_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"pick_list_id" integer NOT NULL,
	"committed_sale_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_member_ref_id" text,
	"item_group_ref_id" text,
	"product_upc" text,
	"product_alt_upc" text,
	"item_condition" text NOT NULL,
	"item_warehouse" text NOT NULL,
	"quantity_requested" integer NOT NULL,
	"is_express" boolean DEFAULT false NOT NULL,
	"is_freight" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_prime" boolean DEFAULT false NOT NULL,
	"ship_by_date" date,
	"suggested_bin_id" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by_id" integer,
	"picked_at" timestamp with time zone,
	"picked_by_id" integer,
	"picked_quantity" integer,
	"picked_bin_id" integer,
	CONSTRAINT "pick_list_items_quantity" CHECK ("pick_list_items"."quantity_requested" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pick_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse" text NOT NULL,
	"printed_by_id" integer,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "is_prime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "is_premium" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "is_express" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "is_freight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "ship_by_date" date;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "item_member_ref_id" text;--> statement-breakpoint
ALTER TABLE "committed_sales" ADD COLUMN "item_group_ref_id" text;--> statement-breakpoint
ALTER TABLE "bin_items" ADD CONSTRAINT "bin_items_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_items" ADD CONSTRAINT "bin_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_movements" ADD CONSTRAINT "bin_movements_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_movements" ADD CONSTRAINT "bin_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_movements" ADD CONSTRAINT "bin_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_pick_list_id_pick_lists_id_fk" FOREIGN KEY ("pick_list_id") REFERENCES "public"."pick_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_committed_sale_id_committed_sales_id_fk" FOREIGN KEY ("committed_sale_id") REFERENCES "public"."committed_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_suggested_bin_id_bins_id_fk" FOREIGN KEY ("suggested_bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_printed_by_id_users_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_picked_by_id_users_id_fk" FOREIGN KEY ("picked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_list_items" ADD CONSTRAINT "pick_list_items_picked_bin_id_bins_id_fk" FOREIGN KEY ("picked_bin_id") REFERENCES "public"."bins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_lists" ADD CONSTRAINT "pick_lists_warehouse_locations_location_code_fk" FOREIGN KEY ("warehouse") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_lists" ADD CONSTRAINT "pick_lists_printed_by_id_users_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_items_product_idx" ON "bin_items" USING btree ("product_id","bin_id");--> statement-breakpoint
CREATE INDEX "bin_movements_bin_idx" ON "bin_movements" USING btree ("bin_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bins_location_name_unique" ON "bins" USING btree ("location_code","bin_name");--> statement-breakpoint
CREATE INDEX "bins_location_created_idx" ON "bins" USING btree ("location_code","created_at");--> statement-breakpoint
CREATE INDEX "bins_bucket_idx" ON "bins" USING btree ("bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "pick_list_items_sale_unique" ON "pick_list_items" USING btree ("committed_sale_id");--> statement-breakpoint
CREATE INDEX "pick_list_items_list_idx" ON "pick_list_items" USING btree ("pick_list_id");--> statement-breakpoint
CREATE INDEX "pick_list_items_printed_idx" ON "pick_list_items" USING btree ("item_warehouse","printed_at");--> statement-breakpoint
CREATE INDEX "pick_lists_warehouse_idx" ON "pick_lists" USING btree ("warehouse","printed_at");--> statement-breakpoint
CREATE INDEX "committed_sales_open_bucket_idx" ON "committed_sales" USING btree ("source_bucket","id") WHERE "committed_sales"."transacted_at" is null;