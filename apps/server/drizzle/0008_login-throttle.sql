CREATE TABLE "login_address_counters" (
	"address" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	CONSTRAINT "login_address_counters_address_window_started_at_pk" PRIMARY KEY("address","window_started_at")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_address_counters_window_idx" ON "login_address_counters" USING btree ("window_started_at");