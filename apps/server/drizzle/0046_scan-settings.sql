CREATE TABLE "scan_settings" (
	"location_code" text PRIMARY KEY NOT NULL,
	"wedge_prefix" text DEFAULT '' NOT NULL,
	"wedge_suffix" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "scan_settings" ADD CONSTRAINT "scan_settings_location_code_locations_location_code_fk" FOREIGN KEY ("location_code") REFERENCES "public"."locations"("location_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_settings" ADD CONSTRAINT "scan_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;