-- Fixed PO statuses (their ids are used by the application) and the standard PO terms.
INSERT INTO "purchase_order_statuses" ("id", "status_name", "sort_order") VALUES
  (1, 'New', 1), (2, 'Building', 2), (3, 'Order Sent', 3), (4, 'Order Confirmed', 4),
  (5, 'Partially Received', 5), (6, 'Received', 6), (7, 'Complete', 7), (8, 'Cancelled', 8)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "purchase_terms" ("type") VALUES
  ('Net 30'), ('Net 60'), ('Net 90'), ('Due on Receipt'), ('Prepaid'), ('COD'), ('2% 10 Net 30'), ('Floor Plan 90'), ('Floor Plan 180')
ON CONFLICT DO NOTHING;
