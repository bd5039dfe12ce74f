import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig: database statements and heap growth', () => {
  it('prepares the marked statements and grows the heap by half by default', () => {
    const config = loadConfig({});
    expect(config.databasePreparedStatements).toBe(true);
    expect(config.databasePipelineTransactions).toBe(true);
    expect(config.heapGrowingPercent).toBe(50);
    expect(config.databaseSessionUrl).toBeNull();
  });

  it('reads DATABASE_SESSION_URL, the LISTEN and migrations connection behind a pooler', () => {
    const url = 'postgres://keystone@pooler:6432/keystone_session';
    expect(loadConfig({ DATABASE_SESSION_URL: url }).databaseSessionUrl).toBe(url);
    expect(loadConfig({ DATABASE_SESSION_URL: '' }).databaseSessionUrl).toBeNull();
  });

  it('reads DATABASE_PREPARED_STATEMENTS=0 or false as off, and HEAP_GROWING_PERCENT as a whole number', () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '1' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PIPELINE_TRANSACTIONS: '0' }).databasePipelineTransactions).toBe(false);
    expect(loadConfig({ DATABASE_PIPELINE_TRANSACTIONS: 'false' }).databasePipelineTransactions).toBe(false);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '100' }).heapGrowingPercent).toBe(100);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'half' })).toThrow(
      'HEAP_GROWING_PERCENT must be a whole number, got half',
    );
  });

  it('reads REPORTS_DATABASE_URL only beside DATABASE_URL, and the lag notice threshold', () => {
    const both = { DATABASE_URL: 'postgres://a@h/p', REPORTS_DATABASE_URL: 'postgres://a@standby/p' };
    expect(loadConfig(both).reportsDatabaseUrl).toBe('postgres://a@standby/p');
    expect(loadConfig({ DATABASE_URL: 'postgres://a@h/p' }).reportsDatabaseUrl).toBeNull();
    expect(() => loadConfig({ REPORTS_DATABASE_URL: 'postgres://a@standby/p' })).toThrow(
      'REPORTS_DATABASE_URL needs DATABASE_URL',
    );
    expect(loadConfig({}).reportsLagNoticeSeconds).toBe(5);
    expect(loadConfig({ REPORTS_LAG_NOTICE_SECONDS: '30' }).reportsLagNoticeSeconds).toBe(30);
  });
});
