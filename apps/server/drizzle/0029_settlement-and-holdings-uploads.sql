CREATE TABLE "holdings_files" (
	"filename" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint
);
--> statement-breakpoint
CREATE TABLE "partner_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_order_id" text NOT NULL,
	"order_date" date,
	"ship_to" text,
	"filename" text NOT NULL,
	"imported_by_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_orders_partner_order_id_key" UNIQUE("partner_order_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_key" text NOT NULL,
	"settlement_id" text NOT NULL,
	"transaction_type" text,
	"order_id" text,
	"sku" text,
	"amount_type" text,
	"amount_description" text,
	"amount_cents" bigint NOT NULL,
	"currency" text,
	"posted_date" date,
	"quantity" integer,
	"raw" jsonb NOT NULL,
	"filename" text,
	"imported_by_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"settlement_id" text PRIMARY KEY NOT NULL,
	"start_date" date,
	"end_date" date,
	"deposit_date" date,
	"total_amount_cents" bigint,
	"currency" text,
	"filename" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holdings_files" ADD CONSTRAINT "holdings_files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_order_lines" ADD CONSTRAINT "partner_order_lines_partner_order_id_partner_orders_id_fk" FOREIGN KEY ("partner_order_id") REFERENCES "public"."partner_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_orders" ADD CONSTRAINT "partner_orders_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_order_lines_order_line_idx" ON "partner_order_lines" USING btree ("partner_order_id","line_number");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_line_key_idx" ON "settlement_lines" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id","posted_date");