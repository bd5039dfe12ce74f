CREATE TABLE "bucket_group_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket_group_id" integer NOT NULL,
	"bucket" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bucket_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket_group" text NOT NULL,
	"should_count_unsourced_committed_in_group" boolean DEFAULT false NOT NULL,
	"group_inventory_buffer" integer DEFAULT 0 NOT NULL,
	"walmart_fulfillment_center_id" text,
	"amazon_supply_source_id" text,
	"acenda_warehouse_id" text,
	CONSTRAINT "bucket_groups_buffer" CHECK ("bucket_groups"."group_inventory_buffer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_rule_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"shipping_template_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_code" text NOT NULL,
	"fallback_shipping_template_id" integer NOT NULL,
	"group_shipping_template_id" integer NOT NULL,
	"uses_template_compositions" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipping_template_compositions" (
	"id" serial PRIMARY KEY NOT NULL,
	"composite_shipping_template_id" integer NOT NULL,
	"simple_shipping_template_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipping_template" text NOT NULL,
	"switch_buffer" integer DEFAULT 0 NOT NULL,
	"bucket_group_id" integer,
	"is_parent_template" boolean DEFAULT false NOT NULL,
	"platform_code" text,
	"platform_shipping_template_id" text,
	CONSTRAINT "shipping_templates_switch_buffer" CHECK ("shipping_templates"."switch_buffer" >= 0),
	CONSTRAINT "shipping_templates_composite" CHECK (not "shipping_templates"."is_parent_template" or ("shipping_templates"."switch_buffer" = 0 and "shipping_templates"."bucket_group_id" is null and "shipping_templates"."platform_code" is null and "shipping_templates"."platform_shipping_template_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bucket_group_mappings" ADD CONSTRAINT "bucket_group_mappings_bucket_group_id_bucket_groups_id_fk" FOREIGN KEY ("bucket_group_id") REFERENCES "public"."bucket_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_group_mappings" ADD CONSTRAINT "bucket_group_mappings_bucket_buckets_bucket_fk" FOREIGN KEY ("bucket") REFERENCES "public"."buckets"("bucket") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rule_mappings" ADD CONSTRAINT "shipping_rule_mappings_rule_id_shipping_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."shipping_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rule_mappings" ADD CONSTRAINT "shipping_rule_mappings_shipping_template_id_shipping_templates_id_fk" FOREIGN KEY ("shipping_template_id") REFERENCES "public"."shipping_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rules" ADD CONSTRAINT "shipping_rules_fallback_shipping_template_id_shipping_templates_id_fk" FOREIGN KEY ("fallback_shipping_template_id") REFERENCES "public"."shipping_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rules" ADD CONSTRAINT "shipping_rules_group_shipping_template_id_shipping_templates_id_fk" FOREIGN KEY ("group_shipping_template_id") REFERENCES "public"."shipping_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_template_compositions" ADD CONSTRAINT "shipping_template_compositions_composite_shipping_template_id_shipping_templates_id_fk" FOREIGN KEY ("composite_shipping_template_id") REFERENCES "public"."shipping_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_template_compositions" ADD CONSTRAINT "shipping_template_compositions_simple_shipping_template_id_shipping_templates_id_fk" FOREIGN KEY ("simple_shipping_template_id") REFERENCES "public"."shipping_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_templates" ADD CONSTRAINT "shipping_templates_bucket_group_id_bucket_groups_id_fk" FOREIGN KEY ("bucket_group_id") REFERENCES "public"."bucket_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bucket_group_mappings_unique" ON "bucket_group_mappings" USING btree ("bucket_group_id","bucket");--> statement-breakpoint
CREATE INDEX "bucket_group_mappings_bucket_idx" ON "bucket_group_mappings" USING btree ("bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "bucket_groups_name_unique" ON "bucket_groups" USING btree ("bucket_group");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rule_mappings_unique" ON "shipping_rule_mappings" USING btree ("rule_id","shipping_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rules_code_unique" ON "shipping_rules" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_template_compositions_unique" ON "shipping_template_compositions" USING btree ("composite_shipping_template_id","simple_shipping_template_id");--> statement-breakpoint
CREATE INDEX "shipping_template_compositions_simple_idx" ON "shipping_template_compositions" USING btree ("simple_shipping_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_templates_name_unique" ON "shipping_templates" USING btree ("shipping_template");--> statement-breakpoint
CREATE INDEX "shipping_templates_bucket_group_idx" ON "shipping_templates" USING btree ("bucket_group_id");