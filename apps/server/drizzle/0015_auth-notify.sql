-- Token checks (issue 9): each API process answers a live token from memory for a few seconds
-- (AUTH_CACHE_SECONDS, src/shared/token-cache.ts). A change that could make such an answer wrong (a token revoked,
-- a user's role or state changed, a role renamed or removed) notifies channel keystone_auth when it commits, and
-- every process empties its cache. Inserting a token (a sign-in) changes no earlier answer: no trigger.
CREATE OR REPLACE FUNCTION keystone_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keystone_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_tokens_auth AFTER UPDATE OR DELETE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_auth_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_auth_notify();
--> statement-breakpoint
CREATE TRIGGER roles_auth AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION keystone_auth_notify();
