ALTER TABLE "committed_sales" ADD COLUMN "on_pick_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "committed_sales_unprinted_idx" ON "committed_sales" USING btree ("source_bucket","ship_by_date" asc nulls last,"id") WHERE "committed_sales"."transacted_at" is null and not "committed_sales"."on_pick_list";--> statement-breakpoint
CREATE INDEX "pick_list_items_unpicked_idx" ON "pick_list_items" USING btree ("item_warehouse","printed_at") WHERE "pick_list_items"."picked_at" is null;--> statement-breakpoint
-- Live pick-list board (issue 11): printing, unprinting and picking (pick_list_items), a new or transacted sale
-- (committed_sales: an unprinted item appears or leaves) and a bin's contents (the suggested bin) notify
-- 'pick-lists' through keystone_live_notify (0012_live-notify).
CREATE TRIGGER pick_list_items_live AFTER INSERT OR UPDATE OR DELETE ON pick_list_items
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('pick-lists');
--> statement-breakpoint
CREATE TRIGGER committed_sales_pick_lists_live AFTER INSERT OR UPDATE OR DELETE ON committed_sales
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('pick-lists');
--> statement-breakpoint
CREATE TRIGGER bin_items_pick_lists_live AFTER INSERT OR UPDATE OR DELETE ON bin_items
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('pick-lists');
