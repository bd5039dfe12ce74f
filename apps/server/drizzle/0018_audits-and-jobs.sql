CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"result" jsonb,
	"locked_by" text,
	"heartbeat_at" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('queued','running','succeeded','failed'))
);
--> statement-breakpoint
CREATE TABLE "audit_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_bucket" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "audit_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"ims_transaction_reference_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"audit_type_code" text NOT NULL,
	"scanning_required" boolean DEFAULT true NOT NULL,
	"tallied_quantity" integer DEFAULT 0 NOT NULL,
	"recorded_qty_at_start_of_tally" integer NOT NULL,
	"start_transaction_id" bigint NOT NULL,
	"tally_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tally_finished_at" timestamp with time zone,
	"tallied_by_id" integer,
	"submitted_by_id" integer,
	"submitted_at" timestamp with time zone,
	"submit_notes" text,
	"submitted_delta" integer,
	"resolution_started_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_items_ims_transaction_reference_id_unique" UNIQUE("ims_transaction_reference_id")
);
--> statement-breakpoint
CREATE TABLE "audit_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"scanned_serial_number" text,
	"scanned_upc" text,
	"scanned_by_id" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fk_inventory_serial_id" integer,
	"client_scan_id" text
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_default_bucket_buckets_bucket_fk" FOREIGN KEY ("default_bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_batch_id_audit_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."audit_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_tallied_by_id_users_id_fk" FOREIGN KEY ("tallied_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_items" ADD CONSTRAINT "audit_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_serials" ADD CONSTRAINT "audit_serials_item_id_audit_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."audit_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_serials" ADD CONSTRAINT "audit_serials_scanned_by_id_users_id_fk" FOREIGN KEY ("scanned_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_serials" ADD CONSTRAINT "audit_serials_fk_inventory_serial_id_inventory_serials_id_fk" FOREIGN KEY ("fk_inventory_serial_id") REFERENCES "public"."inventory_serials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("heartbeat_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "audit_batches_name_unique" ON "audit_batches" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "audit_batches_completed_idx" ON "audit_batches" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_items_batch_product_bucket_unique" ON "audit_items" USING btree ("batch_id","product_id","bucket");--> statement-breakpoint
CREATE INDEX "audit_items_product_bucket_idx" ON "audit_items" USING btree ("product_id","bucket");--> statement-breakpoint
CREATE INDEX "audit_serials_item_idx" ON "audit_serials" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_serials_item_serial_unique" ON "audit_serials" USING btree ("item_id",upper("scanned_serial_number")) WHERE "audit_serials"."scanned_serial_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_serials_client_scan_unique" ON "audit_serials" USING btree ("item_id","client_scan_id") WHERE "audit_serials"."client_scan_id" is not null;