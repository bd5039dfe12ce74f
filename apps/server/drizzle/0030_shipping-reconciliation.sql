CREATE TABLE "carrier_invoice_charges" (
	"invoice_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"billed_cents" integer NOT NULL,
	"ship_date" date,
	"lines" integer NOT NULL,
	CONSTRAINT "carrier_invoice_charges_invoice_id_tracking_number_pk" PRIMARY KEY("invoice_id","tracking_number")
);
--> statement-breakpoint
CREATE TABLE "carrier_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"lines" integer NOT NULL,
	"uploaded_by_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone,
	CONSTRAINT "carrier_invoices_carrier" CHECK ("carrier_invoices"."carrier" in ('ups','fedex','ceva'))
);
--> statement-breakpoint
CREATE TABLE "gray_boxes" (
	"tracking_number" text PRIMARY KEY NOT NULL,
	"fulfillment_po_number" text NOT NULL,
	"date_shipped" date NOT NULL,
	"ship_company" text NOT NULL,
	"fulfillment_warehouse" text NOT NULL,
	"shipping_quote_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gray_boxes_quote" CHECK ("gray_boxes"."shipping_quote_cents" is null or "gray_boxes"."shipping_quote_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_batch_lines" (
	"batch_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"reported_billed_cents" integer NOT NULL,
	"payment_cents" integer NOT NULL,
	"paid_before_cents" integer,
	"paid_after_cents" integer NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payment_batch_lines_batch_id_tracking_number_pk" PRIMARY KEY("batch_id","tracking_number")
);
--> statement-breakpoint
CREATE TABLE "payment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_transactions" (
	"tracking_number" text PRIMARY KEY NOT NULL,
	"ship_company" text NOT NULL,
	"invoice_id" integer,
	"fulfillment_po_number" text,
	"date_shipped" date,
	"fulfillment_warehouse" text,
	"shipping_quote_cents" integer,
	"reported_billed_cents" integer NOT NULL,
	"reconciled_difference_cents" integer,
	"reconciliation_result" text NOT NULL,
	"shipping_cost_billed_cents" integer,
	"shipping_cost_paid_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_transactions_paid" CHECK ("shipping_transactions"."shipping_cost_paid_cents" is null or "shipping_transactions"."shipping_cost_paid_cents" >= 0),
	CONSTRAINT "shipping_transactions_billed" CHECK ("shipping_transactions"."shipping_cost_billed_cents" is null or "shipping_transactions"."shipping_cost_billed_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carrier_invoice_charges" ADD CONSTRAINT "carrier_invoice_charges_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_lines" ADD CONSTRAINT "payment_batch_lines_batch_id_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batch_lines" ADD CONSTRAINT "payment_batch_lines_tracking_number_shipping_transactions_tracking_number_fk" FOREIGN KEY ("tracking_number") REFERENCES "public"."shipping_transactions"("tracking_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_batches" ADD CONSTRAINT "payment_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_transactions" ADD CONSTRAINT "shipping_transactions_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_invoices_filename_unique" ON "carrier_invoices" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "gray_boxes_date_idx" ON "gray_boxes" USING btree ("date_shipped");--> statement-breakpoint
CREATE INDEX "payment_batch_lines_tracking_idx" ON "payment_batch_lines" USING btree ("tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_batches_key_unique" ON "payment_batches" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "shipping_transactions_date_idx" ON "shipping_transactions" USING btree ("date_shipped");--> statement-breakpoint
CREATE INDEX "shipping_transactions_invoice_idx" ON "shipping_transactions" USING btree ("invoice_id");