CREATE TABLE "review_intake_counters" (
	"address" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "review_intake_counters_address_window_started_at_pk" PRIMARY KEY("address","window_started_at")
);
--> statement-breakpoint
CREATE TABLE "review_users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text NOT NULL,
	"product" text NOT NULL,
	"message" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"stars" integer NOT NULL,
	"review_on" date NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_product_id_pk" PRIMARY KEY("product","id"),
	CONSTRAINT "reviews_stars" CHECK ("reviews"."stars" between 0 and 5)
);
--> statement-breakpoint
CREATE INDEX "review_intake_counters_window_idx" ON "review_intake_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
-- The embedded review store's subscription (issue 16 part 3): a changed review row notifies channel
-- keystone_reviews when the writing transaction commits, so every API process hears it. Per row, so an update that
-- matches nothing says nothing; a transaction's identical notifications arrive once.
CREATE OR REPLACE FUNCTION keystone_reviews_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keystone_reviews', TG_OP);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION keystone_reviews_notify();
