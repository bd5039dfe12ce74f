-- A statement that decides, under its locks, to write nothing (a receiving scan whose serial is live by now, or whose
-- client scan id was applied already) raises this error instead of answering normally, when it is sent with its
-- transaction's COMMIT in one pipeline (db/transaction-pipeline.ts): the error makes the server skip that COMMIT, so
-- the transaction is rolled back as any refusal is. SQLSTATE KS001; DETAIL carries the answer as JSON for the caller.
CREATE OR REPLACE FUNCTION keystone_refuse(answer jsonb) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'keystone: the statement wrote nothing' USING ERRCODE = 'KS001', DETAIL = answer::text;
END
$$;
