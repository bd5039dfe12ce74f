ALTER TABLE "bin_movements" DROP CONSTRAINT "bin_movements_reason";--> statement-breakpoint
ALTER TABLE "bin_movements" ADD COLUMN "inventory_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "bin_movements" ADD CONSTRAINT "bin_movements_inventory_transaction_id_inventory_transactions_id_fk" FOREIGN KEY ("inventory_transaction_id") REFERENCES "public"."inventory_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_movements" ADD CONSTRAINT "bin_movements_reason" CHECK ("bin_movements"."reason" in ('ASSIGN','REMOVE','PICK','RELEASE'));