CREATE TABLE "client_scan_answers" (
	"client_scan_id" text PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"request" jsonb NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
