CREATE TABLE "carrier_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"invoice_number" text NOT NULL,
	"line_number" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"charge_category" text,
	"invoice_date" date,
	"ship_date" date
);
--> statement-breakpoint
ALTER TABLE "carrier_invoice_lines" ADD CONSTRAINT "carrier_invoice_lines_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_invoice_lines_key" ON "carrier_invoice_lines" USING btree ("carrier","invoice_number","line_number");--> statement-breakpoint
CREATE INDEX "carrier_invoice_lines_tracking_idx" ON "carrier_invoice_lines" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "carrier_invoice_lines_invoice_idx" ON "carrier_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
-- Backfill (issue 31 item 1): before, a tracking number's billed charge was the latest generated upload's charge, the
-- earlier ones overwritten. Each transaction's current charge becomes one line of that upload, so every total stays.
INSERT INTO "carrier_invoice_lines" ("carrier", "invoice_number", "line_number", "invoice_id", "tracking_number", "amount_cents", "ship_date")
SELECT i."carrier", 'upload-' || i."id" || '-' || c."tracking_number", 1, i."id", c."tracking_number", c."billed_cents", c."ship_date"
FROM "shipping_transactions" t
JOIN "carrier_invoice_charges" c ON c."invoice_id" = t."invoice_id" AND c."tracking_number" = t."tracking_number"
JOIN "carrier_invoices" i ON i."id" = c."invoice_id";
