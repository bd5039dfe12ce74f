CREATE TABLE "quote_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"condition" text DEFAULT 'NEW' NOT NULL,
	"number_units" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_items_units" CHECK ("quote_items"."number_units" >= 1),
	CONSTRAINT "quote_items_price" CHECK ("quote_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_labor_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"description" text NOT NULL,
	"labor_type" text NOT NULL,
	"hundredths_of_hours" integer,
	"rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_labor_lines_type" CHECK ("quote_labor_lines"."labor_type" in ('HOURLY', 'FLAT')),
	CONSTRAINT "quote_labor_lines_amounts" CHECK ("quote_labor_lines"."rate_cents" >= 0 and "quote_labor_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sold_contact_id" integer NOT NULL,
	"ship_contact_id" integer NOT NULL,
	"bill_contact_id" integer NOT NULL,
	"sold_account_id" integer,
	"quote_type" text NOT NULL,
	"quote_class" text NOT NULL,
	"quote_status" text DEFAULT 'OPEN' NOT NULL,
	"primary_sales_id" integer,
	"second_sales_id" integer,
	"third_sales_id" integer,
	"product_total_cents" integer DEFAULT 0 NOT NULL,
	"labor_total_cents" integer DEFAULT 0 NOT NULL,
	"shipping_total_cents" integer DEFAULT 0 NOT NULL,
	"tax_total_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate_ppm" integer DEFAULT 0 NOT NULL,
	"tax_state_code" text,
	"notes" text,
	"lead_source" text,
	"primary_development" text,
	"primary_product_interest" text,
	"primary_feature_interest" text,
	"demo_affinity" text,
	"approval_status" text DEFAULT 'PENDING' NOT NULL,
	"approval_status_notes" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	CONSTRAINT "quotes_totals" CHECK ("quotes"."product_total_cents" >= 0 and "quotes"."labor_total_cents" >= 0 and "quotes"."shipping_total_cents" >= 0 and "quotes"."tax_total_cents" >= 0 and "quotes"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "state_tax_rates" (
	"state_code" text PRIMARY KEY NOT NULL,
	"rate_ppm" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"quote_item_id" integer NOT NULL,
	"committed_sale_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"location_code" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_labor_lines" ADD CONSTRAINT "quote_labor_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sold_contact_id_contacts_id_fk" FOREIGN KEY ("sold_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_ship_contact_id_contacts_id_fk" FOREIGN KEY ("ship_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_bill_contact_id_contacts_id_fk" FOREIGN KEY ("bill_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_primary_sales_id_users_id_fk" FOREIGN KEY ("primary_sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_second_sales_id_users_id_fk" FOREIGN KEY ("second_sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_third_sales_id_users_id_fk" FOREIGN KEY ("third_sales_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_quote_item_id_quote_items_id_fk" FOREIGN KEY ("quote_item_id") REFERENCES "public"."quote_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_committed_sale_id_committed_sales_id_fk" FOREIGN KEY ("committed_sale_id") REFERENCES "public"."committed_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quote_labor_lines_quote_idx" ON "quote_labor_lines" USING btree ("quote_id","id");--> statement-breakpoint
CREATE INDEX "quotes_sold_contact_idx" ON "quotes" USING btree ("sold_contact_id","id");--> statement-breakpoint
CREATE INDEX "quotes_ship_contact_idx" ON "quotes" USING btree ("ship_contact_id");--> statement-breakpoint
CREATE INDEX "quotes_bill_contact_idx" ON "quotes" USING btree ("bill_contact_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("quote_status","id");--> statement-breakpoint
CREATE INDEX "work_order_items_order_idx" ON "work_order_items" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_items_item_unique" ON "work_order_items" USING btree ("quote_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_quote_unique" ON "work_orders" USING btree ("quote_id");--> statement-breakpoint
-- Demo statewide sales-tax rates (parts per million; docs/decisions.md "Quotes and work orders (issue 16)"). States without a statewide sales tax (AK, DE, MT, NH, OR) have no row: rate 0.
INSERT INTO "state_tax_rates" ("state_code", "rate_ppm") VALUES
('AL', 40000), ('AZ', 56000), ('AR', 65000), ('CA', 72500), ('CO', 29000), ('CT', 63500), ('FL', 60000), ('GA', 40000),
('HI', 40000), ('ID', 60000), ('IL', 62500), ('IN', 70000), ('IA', 60000), ('KS', 65000), ('KY', 60000), ('LA', 44500),
('ME', 55000), ('MD', 60000), ('MA', 62500), ('MI', 60000), ('MN', 68750), ('MS', 70000), ('MO', 42250), ('NE', 55000),
('NV', 68500), ('NJ', 66250), ('NM', 48750), ('NY', 40000), ('NC', 47500), ('ND', 50000), ('OH', 57500), ('OK', 45000),
('PA', 60000), ('RI', 70000), ('SC', 60000), ('SD', 42000), ('TN', 70000), ('TX', 62500), ('UT', 61000), ('VT', 60000),
('VA', 53000), ('WA', 65000), ('WV', 60000), ('WI', 50000), ('WY', 40000);
