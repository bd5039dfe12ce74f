-- Live screens (issue 10 part 5): a change to a board's table notifies channel keystone_live with the board's
-- topic. NOTIFY is transactional: listeners hear it when the writing transaction commits, never for a rollback,
-- and one transaction's identical notifications arrive once. Every API process LISTENs (modules/live).
CREATE OR REPLACE FUNCTION keystone_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keystone_live', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER committed_sales_live AFTER INSERT OR UPDATE OR DELETE ON committed_sales
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('committed-sales');
--> statement-breakpoint
CREATE TRIGGER committed_sale_serials_live AFTER INSERT OR UPDATE OR DELETE ON committed_sale_serials
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('committed-sales');
--> statement-breakpoint
CREATE TRIGGER committed_transfers_live AFTER INSERT OR UPDATE OR DELETE ON committed_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_live_notify('committed-transfers');
