CREATE TABLE "committed_transfer_scans" (
	"client_scan_id" text PRIMARY KEY NOT NULL,
	"committed_transfer_id" integer NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "committed_transfer_scans" ADD CONSTRAINT "committed_transfer_scans_committed_transfer_id_committed_transfers_id_fk" FOREIGN KEY ("committed_transfer_id") REFERENCES "public"."committed_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committed_transfer_scans_transfer_idx" ON "committed_transfer_scans" USING btree ("committed_transfer_id");