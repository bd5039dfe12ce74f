CREATE INDEX "contacts_last_search_idx" ON "contacts" USING btree (upper("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_first_search_idx" ON "contacts" USING btree (upper("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_search_idx" ON "contacts" USING btree (upper("primary_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_search_idx" ON "contacts" USING btree ("primary_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ap_invoices_number_search_idx" ON "accounts_payable_invoices" USING btree (upper("invoice_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "committed_transfers_reference_search_idx" ON "committed_transfers" USING btree (upper("ims_transaction_reference_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "committed_transfers_batch_name_search_idx" ON "committed_transfers" USING btree (upper("pos_transfer_batch_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "committed_sales_reference_search_idx" ON "committed_sales" USING btree (upper("ims_transaction_reference_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "committed_sales_invoice_search_idx" ON "committed_sales" USING btree (upper("legacy_pos_invoice_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bins_name_search_idx" ON "bins" USING btree (upper("bin_name") text_pattern_ops);