import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePreparedStatements, prepared } from './prepared-statements.js';
import { committing, isCommitting, pipelineTransactions, refusedAnswer } from './transaction-pipeline.js';
import { queueQueries } from './query-queue.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('committing()', () => {
  it('marks a statement, alone or with prepared() in either order', () => {
    const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query).sql;
    expect(isCommitting(text(committing(sql`select 1`)))).toBe(true);
    expect(isCommitting(text(prepared(committing(sql`select 1`))))).toBe(true);
    expect(isCommitting(text(committing(prepared(sql`select 1`))))).toBe(true);
    expect(isCommitting(text(prepared(sql`select 1`)))).toBe(false);
    expect(isCommitting('select 1 /* commit */')).toBe(false);
  });
});

describe('a connection that pipelines its transactions (PostgreSQL)', () => {
  let pool: pg.Pool;
  let other: pg.Pool;
  const table = `kt_pipeline_${randomBytes(4).toString('hex')}`;
  /** Round trips: one ReadyForQuery ends each. */
  let roundTrips = 0;
  let client: pg.PoolClient | null = null;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    pool.on('connect', (c) => {
      (c as unknown as { connection: { on(event: string, listener: () => void): void } }).connection.on(
        'readyForQuery',
        () => roundTrips++,
      );
      // As openPostgres installs them: the round trips counted below are those of the product's connections.
      queueQueries(c);
      pipelineTransactions(c);
      namePreparedStatements(c);
    });
    other = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    await other.query(`create table ${table} (id int primary key, note text)`);
  });
  afterAll(async () => {
    client?.release();
    await other.query(`drop table if exists ${table}`);
    await Promise.all([pool.end(), other.end()]);
  });

  async function connection(): Promise<pg.PoolClient> {
    client ??= await pool.connect();
    return client;
  }

  async function count(run: (c: pg.PoolClient) => Promise<void>): Promise<number> {
    const c = await connection();
    const before = roundTrips;
    await run(c);
    return roundTrips - before;
  }

  const committed = async (id: number) =>
    (await other.query(`select note from ${table} where id = $1`, [id])).rows[0]?.note ?? null;

  it('sends BEGIN with the first statement: a transaction of two statements is three round trips, not four', async () => {
    const trips = await count(async (c) => {
      await c.query('begin');
      await c.query(`insert into ${table} values ($1, $2)`, [1, 'one']);
      await c.query(`update ${table} set note = $2 where id = $1`, [1, 'one again']);
      await c.query('commit');
    });
    expect(trips).toBe(3);
    expect(await committed(1)).toBe('one again');
    expect((await connection()).getTransactionStatus?.() ?? 'I').toBe('I');
  });

  it('sends a committing statement with COMMIT: BEGIN, a statement and a committing one are two round trips', async () => {
    const trips = await count(async (c) => {
      await c.query('begin');
      await c.query(`insert into ${table} values ($1, $2)`, [2, 'two']);
      await c.query({ text: `/* commit */ insert into ${table} values ($1, $2)`, values: [3, 'three'] });
      await c.query('commit');
    });
    expect(trips).toBe(2);
    expect([await committed(2), await committed(3)]).toEqual(['two', 'three']);
  });

  it('a transaction of one committing statement is one round trip; an empty one sends nothing', async () => {
    expect(
      await count(async (c) => {
        await c.query('begin');
        await c.query({
          text: `/* prepared */ /* commit */ insert into ${table} values ($1, $2)`,
          values: [4, 'four'],
        });
        await c.query('commit');
      }),
    ).toBe(1);
    expect(await committed(4)).toBe('four');
    expect(
      await count(async (c) => {
        await c.query('begin');
        await c.query('rollback');
        await c.query('begin');
        await c.query('commit');
      }),
    ).toBe(0);
  });

  it('answers the statement’s own rows and fields, in rowMode array too', async () => {
    const c = await connection();
    await c.query('begin');
    const first = await c.query({ text: `select id, note from ${table} where id = $1`, values: [1], rowMode: 'array' });
    const last = await c.query({ text: `/* commit */ select $1::int + 1 as n`, values: [41] });
    await c.query('commit');
    expect(first.rows).toEqual([[1, 'one again']]);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'note']);
    expect(last.rows).toEqual([{ n: 42 }]);
    expect(last.command).toBe('SELECT');
  });

  it('a failing first statement leaves the transaction aborted for the ROLLBACK, and nothing is kept', async () => {
    const c = await connection();
    await c.query('begin');
    await expect(c.query(`insert into ${table} values ($1, $2)`, [1, 'duplicate'])).rejects.toThrow(/duplicate key/);
    await expect(c.query(`select $1::int`, [1])).rejects.toThrow(/current transaction is aborted/);
    await c.query('rollback');
    expect(c.getTransactionStatus?.() ?? 'I').toBe('I');
    expect(await committed(1)).toBe('one again');
  });

  it('a failing committing statement skips the COMMIT: the transaction’s earlier writes are rolled back', async () => {
    const c = await connection();
    await c.query('begin');
    await c.query(`insert into ${table} values ($1, $2)`, [5, 'five']);
    await expect(
      c.query({ text: `/* commit */ insert into ${table} values ($1, $2)`, values: [2, 'duplicate'] }),
    ).rejects.toThrow(/duplicate key/);
    await c.query('rollback');
    expect(await committed(5)).toBeNull();
    // The connection goes on as before.
    await c.query('begin');
    await c.query({ text: `/* commit */ insert into ${table} values ($1, $2)`, values: [5, 'five'] });
    await c.query('commit');
    expect(await committed(5)).toBe('five');
  });

  it('refuses a statement or a ROLLBACK after the committing statement instead of running it outside the transaction', async () => {
    const c = await connection();
    await c.query('begin');
    await c.query({ text: `/* commit */ insert into ${table} values ($1, $2)`, values: [6, 'six'] });
    await expect(c.query(`insert into ${table} values ($1, $2)`, [7, 'seven'])).rejects.toThrow(
      /committing statement must be its transaction's last/,
    );
    expect(await committed(7)).toBeNull();
    await c.query('begin');
    await c.query({ text: `/* commit */ update ${table} set note = $2 where id = $1`, values: [6, 'six again'] });
    await expect(c.query('rollback')).rejects.toThrow(/committing statement must be its transaction's last/);
    expect(await committed(6)).toBe('six again');
  });

  it('a first statement without parameters gets its BEGIN on its own, and the transaction holds', async () => {
    const c = await connection();
    const trips = await count(async () => {
      await c.query('begin');
      await c.query(`set local statement_timeout = '4321ms'`);
      const inside = await c.query('show statement_timeout');
      expect(inside.rows[0].statement_timeout).toBe('4321ms');
      await c.query('commit');
    });
    expect(trips).toBe(4);
    expect((await c.query('show statement_timeout')).rows[0].statement_timeout).not.toBe('4321ms');
  });

  it('drizzle’s transactions go through it: BEGIN with the first statement, COMMIT with the committing one', async () => {
    const db = drizzle(pool);
    client?.release();
    client = null;
    const before = roundTrips;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${sql.identifier(table)} values (${8}, ${'eight'})`);
      await tx.execute(prepared(committing(sql`insert into ${sql.identifier(table)} values (${9}, ${'nine'})`)));
    });
    expect(roundTrips - before).toBe(2);
    expect([await committed(8), await committed(9)]).toEqual(['eight', 'nine']);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.identifier(table)} values (${10}, ${'ten'})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await committed(10)).toBeNull();
  });

  it('inside a savepoint a committing statement goes without its COMMIT: the outer transaction goes on, and can roll back', async () => {
    const db = drizzle(pool);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.identifier(table)} values (${11}, ${'eleven'})`);
        await tx.transaction(async (nested) => {
          await nested.execute(committing(sql`insert into ${sql.identifier(table)} values (${12}, ${'twelve'})`));
        });
        await tx.execute(sql`update ${sql.identifier(table)} set note = ${'eleven again'} where id = ${11}`);
        throw new Error('the outer transaction rolls back');
      }),
    ).rejects.toThrow('the outer transaction rolls back');
    expect([await committed(11), await committed(12)]).toEqual([null, null]);
    await db.transaction(async (tx) => {
      await tx.transaction(async (nested) => {
        await nested.execute(committing(sql`insert into ${sql.identifier(table)} values (${12}, ${'twelve'})`));
      });
      await tx.execute(committing(sql`insert into ${sql.identifier(table)} values (${13}, ${'thirteen'})`));
    });
    expect([await committed(12), await committed(13)]).toEqual(['twelve', 'thirteen']);
  });

  it('refusedAnswer reads the JSON a statement raised with SQLSTATE KS001, and nothing else', async () => {
    const raised = await other
      .query(
        `do $$ begin raise exception 'keystone: the statement wrote nothing' using errcode = 'KS001', detail = '{"live":["SN-1"]}'; end $$`,
      )
      .catch((error: unknown) => error);
    expect(refusedAnswer(raised)).toEqual({ live: ['SN-1'] });
    expect(refusedAnswer({ cause: raised })).toEqual({ live: ['SN-1'] });
    const other42 = await other.query('select 1/0').catch((error: unknown) => error);
    expect(refusedAnswer(other42)).toBeUndefined();
  });
});

describe('one statement at a time on a connection (PostgreSQL; pg 9 refuses a query while one runs)', () => {
  /**
   * A pool whose connections count the calls node-postgres gets while it is already running or holding a query:
   * what pg 8 logs as deprecated and pg 9 refuses. `queued` installs the queue (as openPostgres does) or not.
   */
  function countingPool(queued: boolean) {
    const seen = { overlaps: 0, calls: 0 };
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    pool.on('connect', (c) => {
      const inner = c as unknown as {
        query: (...args: unknown[]) => unknown;
        _activeQuery: unknown;
        _queryQueue: unknown[];
      };
      const query = inner.query.bind(c);
      inner.query = (...args: unknown[]) => {
        seen.calls++;
        if (inner._activeQuery || inner._queryQueue.length > 0) seen.overlaps++;
        return query(...args);
      };
      if (queued) queueQueries(c);
      pipelineTransactions(c);
      namePreparedStatements(c);
    });
    return { pool, seen, db: drizzle(pool) };
  }

  async function work(db: ReturnType<typeof drizzle>) {
    // Reads of one transaction run together; a first statement without parameters cannot carry the held-back BEGIN.
    return db.transaction(async (tx) => {
      const first = await tx.execute(sql.raw('select 1 as n'));
      const together = await Promise.all([1, 2, 3, 4].map((n) => tx.execute(sql`select ${n}::int as n`)));
      const last = await tx.execute(committing(sql`select ${5}::int as n`));
      return [first, ...together, last].map((r) => Number(r.rows[0]!.n));
    });
  }

  it('sends each statement after the one before has answered, with the same results', async () => {
    const { pool, seen, db } = countingPool(true);
    try {
      expect(await work(db)).toEqual([1, 1, 2, 3, 4, 5]);
      expect(seen.calls).toBeGreaterThan(0);
      expect(seen.overlaps).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('without the queue, the same work hands node-postgres queries while one runs (what the queue prevents)', async () => {
    const { pool, seen, db } = countingPool(false);
    try {
      expect(await work(db)).toEqual([1, 1, 2, 3, 4, 5]);
      expect(seen.overlaps).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });
});
