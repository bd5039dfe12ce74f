CREATE TABLE "record_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"field" text,
	"before" text,
	"after" text,
	"note" text,
	CONSTRAINT "record_changes_field_or_note" CHECK (("record_changes"."field" is null) <> ("record_changes"."note" is null))
);
--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_changes_record_idx" ON "record_changes" USING btree ("entity","record_id","id");