CREATE TABLE "carousel_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"link" text NOT NULL,
	"image_url" text NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carousel_items_position_check" CHECK ("carousel_items"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carousel_items_position_idx" ON "carousel_items" USING btree ("position");