import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePreparedStatements, prepared, statementName } from './prepared-statements.js';

const MARK = '/* prepared */ ';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('statementName', () => {
  it('names a marked statement after its text, the same text the same name', () => {
    const a = statementName(`${MARK}select 1 where $1::int > 0`);
    expect(a).toMatch(/^ks_[\w-]{27}$/);
    expect(statementName(`${MARK}select 1 where $1::int > 0`)).toBe(a);
    expect(statementName(`${MARK}select 2 where $1::int > 0`)).not.toBe(a);
  });

  it('leaves every statement that is not marked unnamed', () => {
    for (const text of [
      'select 1',
      'insert into t values ($1)',
      'begin',
      'commit',
      'declare c cursor for select 1',
      'fetch 500 from c',
      ` ${MARK}select 1`,
    ]) {
      expect(statementName(text), text).toBeNull();
    }
  });
});

describe('a connection that names its statements (PostgreSQL)', () => {
  let pool: pg.Pool;
  const limit = 3;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    pool.on('connect', (client) => namePreparedStatements(client, limit));
  });
  afterAll(() => pool.end());

  async function preparedOnConnection(): Promise<string[]> {
    const { rows } = await pool.query<{ name: string }>({ text: 'table pg_prepared_statements' });
    return rows.map((row) => row.name).sort();
  }

  it('parses a marked statement once per connection and answers each call with its own parameters; others stay unnamed', async () => {
    const db = drizzle(pool);
    await db.execute(sql`select ${1}::int - 1 as unmarked`);
    const answers: number[] = [];
    for (const n of [1, 2, 3]) {
      const result = await db.execute<{ n: number }>(prepared(sql`select ${n}::int + 1 as n`));
      answers.push(result.rows[0]!.n);
    }
    expect(answers).toEqual([2, 3, 4]);
    const name = statementName(`${MARK}select $1::int + 1 as n`);
    expect(await preparedOnConnection()).toEqual([name]);
  });

  it('a failing statement answers its error, and the next call of the same text is parsed again', async () => {
    const text = `${MARK}select 1 / $1::int as q`;
    await expect(pool.query({ text, values: [0] })).rejects.toThrow(/division by zero/);
    const { rows } = await pool.query<{ q: number }>({ text, values: [1] });
    expect(rows[0]!.q).toBe(1);
  });

  it('keeps at most its limit of statements; past it, new texts run unnamed and still answer', async () => {
    for (let i = 0; i < limit + 2; i++) {
      const { rows } = await pool.query<{ v: number }>({ text: `${MARK}select $1::int * ${i + 10} as v`, values: [2] });
      expect(rows[0]!.v).toBe(2 * (i + 10));
    }
    expect(await preparedOnConnection()).toHaveLength(limit);
    // A text it already holds is still used by name.
    const { rows } = await pool.query<{ n: number }>({ text: `${MARK}select $1::int + 1 as n`, values: [41] });
    expect(rows[0]!.n).toBe(42);
  });

  it('leaves transactions and submittable queries as they were', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query({ text: 'declare c cursor for select g from generate_series(1, 5) g' });
      const fetched = await client.query<{ g: number }>('fetch 3 from c');
      expect(fetched.rows.map((row) => row.g)).toEqual([1, 2, 3]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const names = await preparedOnConnection();
    expect(names.every((name) => name.startsWith('ks_'))).toBe(true);
  });
});
