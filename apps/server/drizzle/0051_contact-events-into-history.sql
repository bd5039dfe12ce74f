-- Contacts' change log moves into record_changes (docs/decisions.md, "Record history of contacts, bins, shipping rules and roles"): a created event becomes one row `created` whose after is its fields, an updated event one row per changed field.
INSERT INTO "record_changes" ("entity", "record_id", "user_id", "at", "field", "before", "after")
SELECT 'contact', e."contact_id"::text, e."user_id", e."created_at", x."field", x."before", x."after"
FROM "contact_events" e
CROSS JOIN LATERAL (
  SELECT 'created' AS "field", NULL::text AS "before",
    (SELECT coalesce(jsonb_object_agg(c.key, c.value -> 'to'), '{}'::jsonb) FROM jsonb_each(coalesce(e."changes", '{}'::jsonb)) c)::text AS "after", '' AS "key"
  WHERE e."event_type" = 'created'
  UNION ALL
  SELECT c.key, nullif((c.value -> 'from')::text, 'null'), nullif((c.value -> 'to')::text, 'null'), c.key
  FROM jsonb_each(coalesce(e."changes", '{}'::jsonb)) c
  WHERE e."event_type" <> 'created'
) x
ORDER BY e."created_at", e."id", x."key";--> statement-breakpoint
DROP TABLE "contact_events" CASCADE;
