CREATE TABLE "import_mappings" (
	"entity" text NOT NULL,
	"layout_hash" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_entity_layout_hash_pk" PRIMARY KEY("entity","layout_hash")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" integer NOT NULL,
	"row" integer NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"layout_hash" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"mapping_source" text NOT NULL,
	"status" text DEFAULT 'dry-run' NOT NULL,
	"counts" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"job_id" bigint,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inventory_transactions" DROP CONSTRAINT "inventory_transactions_type";--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "inventory_transactions" ADD CONSTRAINT "inventory_transactions_type" CHECK ("inventory_transactions"."type" in ('INVENTORY_RECEIPT','INVENTORY_UNRECEIPT','INVENTORY_TRANSFER','INVENTORY_SALE','INVENTORY_AUDIT_ADJUSTMENT','INVENTORY_OPENING_BALANCE'));