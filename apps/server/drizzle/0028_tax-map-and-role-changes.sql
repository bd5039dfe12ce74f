CREATE TABLE "platform_state_tax_map" (
	"platform_code" text NOT NULL,
	"state_code" text NOT NULL,
	"collect_and_remit_tax" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "platform_state_tax_map_platform_code_state_code_pk" PRIMARY KEY("platform_code","state_code"),
	CONSTRAINT "platform_state_tax_map_value" CHECK ("platform_state_tax_map"."collect_and_remit_tax" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "role_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_role" text NOT NULL,
	"to_role" text NOT NULL,
	"changed_by_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_state_tax_map" ADD CONSTRAINT "platform_state_tax_map_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_changes_user_changed_idx" ON "role_changes" USING btree ("user_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "role_changes_changed_idx" ON "role_changes" USING btree ("changed_at","id");