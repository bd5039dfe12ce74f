CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "inventory_serials_serial_trgm_idx" ON "inventory_serials" USING gin (upper("serial_number") gin_trgm_ops);