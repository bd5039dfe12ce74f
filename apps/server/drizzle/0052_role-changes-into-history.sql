-- The role editor's change log moves into record_changes (docs/decisions.md, "Record history of contacts, bins, shipping rules and roles"): each role_changes row becomes the two rows changeRole writes, field `user <username>` on the role left and on the role joined. The role rows written beside role_changes since 0048 are the same changes, so every role row is deleted and written again in time order (a note kept as it was), keeping a role's id order its time order.
WITH "old" AS (DELETE FROM "record_changes" WHERE "entity" = 'role' RETURNING *)
INSERT INTO "record_changes" ("entity", "record_id", "user_id", "at", "field", "before", "after", "note")
SELECT 'role', x."record_id", x."user_id", x."at", x."field", x."before", x."after", x."note"
FROM (
  SELECT o."record_id", o."user_id", o."at", o."field", o."before", o."after", o."note", o."id" AS "ord", 0 AS "side"
  FROM "old" o
  WHERE o."note" IS NOT NULL
  UNION ALL
  SELECT s."role", c."changed_by_id", c."changed_at", 'user ' || u."username", to_jsonb(c."from_role")::text,
    to_jsonb(c."to_role")::text, NULL, c."id", s."side"
  FROM "role_changes" c
  JOIN "users" u ON u."id" = c."user_id"
  CROSS JOIN LATERAL (VALUES (c."from_role", 1), (c."to_role", 2)) s("role", "side")
) x
ORDER BY x."at", x."side", x."ord";--> statement-breakpoint
DROP TABLE "role_changes" CASCADE;
