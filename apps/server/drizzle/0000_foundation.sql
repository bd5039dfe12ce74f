CREATE TABLE "access_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_code" text NOT NULL,
	CONSTRAINT "brands_brand_name_unique" UNIQUE("brand_name"),
	CONSTRAINT "brands_brand_code_unique" UNIQUE("brand_code")
);
--> statement-breakpoint
CREATE TABLE "buckets" (
	"bucket" text PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"parent_location_code" text NOT NULL,
	"condition_code" text NOT NULL,
	"is_local_inventory_bucket" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"category_code" text NOT NULL,
	CONSTRAINT "categories_category_name_unique" UNIQUE("category_name"),
	CONSTRAINT "categories_category_code_unique" UNIQUE("category_code")
);
--> statement-breakpoint
CREATE TABLE "inventory_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" text,
	"location_code" text,
	"condition_code" text,
	"disposition_code" text DEFAULT 'LIVE' NOT NULL,
	"notes" text,
	"customer_comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"location_code" text PRIMARY KEY NOT NULL,
	"distributor" text,
	"location_type" text,
	"distributor_location_id" text,
	"address_1" text,
	"address_2" text,
	"city" text,
	"county" text,
	"state_or_province" text,
	"country" text DEFAULT 'US' NOT NULL,
	"postal_code" text,
	"notes" text,
	"managed_by_third_party" boolean DEFAULT false NOT NULL,
	"is_fulfillable_from_this_location" boolean DEFAULT true NOT NULL,
	"can_receive_purchase_orders" boolean DEFAULT true NOT NULL,
	"can_hold_inventory" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"legacy_bucket" text
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "manufacturers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_number" text NOT NULL,
	"part_number" text,
	"upc" text,
	"alternate_upc" text,
	"description" text NOT NULL,
	"fk_brand_id" integer,
	"fk_category_id" integer,
	"fk_manufacturer_id" integer,
	"serial_number_tracked" boolean DEFAULT false NOT NULL,
	"num_of_serials_per_item" integer,
	"master_carton_code" text,
	"master_box_qty" integer,
	"image_url" text,
	"item_type" text DEFAULT 'NON FREIGHT' NOT NULL,
	"marketing_class" text DEFAULT 'STANDARD' NOT NULL,
	"stock_class" text DEFAULT 'STOCK' NOT NULL,
	"box_qty" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"current_cost_cents" integer DEFAULT 0 NOT NULL,
	"map_cents" integer,
	"adj_map_cents" integer,
	"adj_cart_price_cents" integer,
	"msrp_cents" integer,
	"commission_rate" numeric(6, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_model_number_unique" UNIQUE("model_number")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	CONSTRAINT "roles_role_name_unique" UNIQUE("role_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text,
	"role_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_parent_location_code_locations_location_code_fk" FOREIGN KEY ("parent_location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_serials" ADD CONSTRAINT "inventory_serials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_serials" ADD CONSTRAINT "inventory_serials_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fk_brand_id_brands_id_fk" FOREIGN KEY ("fk_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fk_category_id_categories_id_fk" FOREIGN KEY ("fk_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fk_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("fk_manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "buckets_location_idx" ON "buckets" USING btree ("location_code","condition_code");--> statement-breakpoint
CREATE INDEX "inventory_serials_serial_idx" ON "inventory_serials" USING btree (upper("serial_number") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_serials_live_unique" ON "inventory_serials" USING btree ("serial_number") WHERE "inventory_serials"."disposition_code" = 'LIVE';--> statement-breakpoint
CREATE INDEX "login_attempts_username_at_idx" ON "login_attempts" USING btree ("username","attempted_at");--> statement-breakpoint
CREATE INDEX "products_upc_idx" ON "products" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "products_alternate_upc_idx" ON "products" USING btree ("alternate_upc");--> statement-breakpoint
CREATE INDEX "products_model_prefix_idx" ON "products" USING btree (upper("model_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("fk_brand_id");