CREATE TABLE "accounts_payable_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_amount_cents" bigint NOT NULL,
	"invoice_date" date,
	"due_date" date,
	"purchase_date" date,
	"vendor_id" integer NOT NULL,
	"finance_company_id" integer,
	"purchase_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"changes" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"address" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"primary_phone" text,
	"secondary_phone" text,
	"primary_email" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edi_interchanges" (
	"control_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edi_interchanges_control_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_order_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	CONSTRAINT "finance_companies_company_name_unique" UNIQUE("company_name")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"invoice_cost_cents" integer NOT NULL,
	"qty_ordered" integer NOT NULL,
	"qty_received" integer DEFAULT 0 NOT NULL,
	"shipping_cost_cents" integer DEFAULT 0 NOT NULL,
	"note" text,
	"expected_arrival_date" date,
	"carrier_name" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_items_qty_ordered_positive" CHECK ("purchase_order_items"."qty_ordered" >= 1),
	CONSTRAINT "purchase_order_items_qty_received_range" CHECK ("purchase_order_items"."qty_received" >= 0 and "purchase_order_items"."qty_received" <= "purchase_order_items"."qty_ordered"),
	CONSTRAINT "purchase_order_items_cost_nonnegative" CHECK ("purchase_order_items"."invoice_cost_cents" >= 0 and "purchase_order_items"."shipping_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"status_name" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "purchase_order_statuses_status_name_unique" UNIQUE("status_name")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_ref_id" text NOT NULL,
	"legacy_po_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"ims_location_code" text NOT NULL,
	"purchase_order_type" text DEFAULT 'Default' NOT NULL,
	"shipping_requirements" text DEFAULT 'Default' NOT NULL,
	"vendor_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"purchase_terms_id" integer,
	"tracking_number" text,
	"carrier_name" text,
	"vendor_order_id" text,
	"notes" text,
	"paid" boolean DEFAULT false NOT NULL,
	"is_ats" boolean DEFAULT false NOT NULL,
	"dfi_discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"requested_delivery_date" date,
	"sent_via_edi" boolean DEFAULT false NOT NULL,
	"edi_errors" jsonb,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"total_received_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_dfi_range" CHECK ("purchase_orders"."dfi_discount_percentage" >= 0 and "purchase_orders"."dfi_discount_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "purchase_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "purchase_terms_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "vendor_default_terms" (
	"vendor_id" integer NOT NULL,
	"terms_id" integer NOT NULL,
	CONSTRAINT "vendor_default_terms_vendor_id_terms_id_pk" PRIMARY KEY("vendor_id","terms_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"vendor_type" text NOT NULL,
	"rep" text,
	"rep_email" text,
	"rep_phone" text,
	"dealer_number" text,
	"program_name" text DEFAULT 'Default' NOT NULL,
	"address" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"fax_phone" text,
	"notes" text,
	"edi_interchange_id" text,
	"edi_qualifier" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts_payable_invoices" ADD CONSTRAINT "accounts_payable_invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_payable_invoices" ADD CONSTRAINT "accounts_payable_invoices_finance_company_id_finance_companies_id_fk" FOREIGN KEY ("finance_company_id") REFERENCES "public"."finance_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts_payable_invoices" ADD CONSTRAINT "accounts_payable_invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edi_interchanges" ADD CONSTRAINT "edi_interchanges_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ims_location_code_locations_location_code_fk" FOREIGN KEY ("ims_location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_id_purchase_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."purchase_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_purchase_terms_id_purchase_terms_id_fk" FOREIGN KEY ("purchase_terms_id") REFERENCES "public"."purchase_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_default_terms" ADD CONSTRAINT "vendor_default_terms_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_default_terms" ADD CONSTRAINT "vendor_default_terms_terms_id_purchase_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."purchase_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ap_invoices_vendor_number_unique" ON "accounts_payable_invoices" USING btree ("vendor_id","invoice_number");--> statement-breakpoint
CREATE INDEX "ap_invoices_po_idx" ON "accounts_payable_invoices" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "contact_events_contact_idx" ON "contact_events" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_last_first_idx" ON "contacts" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("primary_phone");--> statement-breakpoint
CREATE INDEX "purchase_order_items_po_idx" ON "purchase_order_items" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_items_product_idx" ON "purchase_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_ref_idx" ON "purchase_orders" USING btree (upper("purchase_ref_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "purchase_orders_legacy_idx" ON "purchase_orders" USING btree ("legacy_po_number");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_location_idx" ON "purchase_orders" USING btree ("ims_location_code","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_order_idx" ON "purchase_orders" USING btree (upper("vendor_order_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "vendors_company_idx" ON "vendors" USING btree (lower("company_name"));