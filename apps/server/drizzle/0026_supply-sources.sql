CREATE TABLE "supply_sources" (
	"location_code" text PRIMARY KEY NOT NULL,
	"supply_source_id" text NOT NULL,
	"alias" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"inventory_hold_period" integer NOT NULL,
	"handling_time" integer NOT NULL,
	"operating_hours_by_day" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_sources_status" CHECK ("supply_sources"."status" in ('Active','Inactive','Archived')),
	CONSTRAINT "supply_sources_alias" CHECK (char_length("supply_sources"."alias") between 1 and 45),
	CONSTRAINT "supply_sources_hold_period" CHECK ("supply_sources"."inventory_hold_period" between 1 and 7),
	CONSTRAINT "supply_sources_handling_time" CHECK ("supply_sources"."handling_time" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "supply_sources" ADD CONSTRAINT "supply_sources_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_sources" ADD CONSTRAINT "supply_sources_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supply_sources_id_unique" ON "supply_sources" USING btree ("supply_source_id");