DROP INDEX "bins_location_name_unique";--> statement-breakpoint
DROP INDEX "bins_location_created_idx";--> statement-breakpoint
ALTER TABLE "bins" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bins_location_name_unique" ON "bins" USING btree ("location_code","bin_name") WHERE "bins"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bins_location_created_idx" ON "bins" USING btree ("location_code","created_at","id");