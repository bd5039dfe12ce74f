import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { openPostgres, queryRows, type OpenDatabase } from '../../src/db/database.js';
import { checkLedger } from '../../src/modules/ledger/ledger-check.js';
import { createServices, type Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, receiveStock, type CreatedProduct } from '../factories.js';
import { onHand } from '../stock-kit.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  signInOnEach,
  startServerProcess,
  type ServerProcess,
  serverApi,
} from './server-processes.js';

/**
 * Audits under concurrency (issue 12): two server processes on one PostgreSQL database. Two auditors counting the
 * same serials into one item (started by both at once) count each serial once (the item row lock); a resolve racing
 * the transfer of a serial it finds missing leaves the serial in exactly one place (the ledger's locks and its
 * re-judgement under them). Every test ends with the ledger check.
 */
const dbName = `kt_conc_aud_${randomBytes(5).toString('hex')}`;
const SER = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED';
let database: OpenDatabase;
let services: Services;
let servers: ServerProcess[] = [];
let tokens: string[] = [];
let product: CreatedProduct;
let actor: { id: number; username: string; role: string };
const UPC = nextUpc();
const PASSWORD = 'concurrency-password';
const BUCKET = 'KY01_B_STOCK';
const DEST = 'KY01_DAMAGED';

const api = serverApi(() => ({ servers, tokens }));

async function place(serial: string) {
  return queryRows<{ bucket: string | null; disposition_code: string }>(
    database.db,
    sql`select bucket, disposition_code from inventory_serials where upper(serial_number) = ${serial.toUpperCase()} order by id`,
  );
}

beforeAll(async () => {
  const url = new URL(await createScratchDatabase(dbName));
  database = await openPostgres(url.toString());
  services = createServices(database.db, { ...loadConfig({}), logLevel: 'silent' });
  await services.users.ensureRoles();
  await createLocation(services, 'KY01');
  [product] = (await createProducts(database.db, [
    { modelNumber: 'CONC-AUD-TV', upc: UPC, serialNumberTracked: true, numOfSerialsPerItem: 1 },
  ])) as [CreatedProduct];
  const id = await services.users.create({ username: 'conc-auditor', password: PASSWORD, role: 'admin' });
  actor = { id, username: 'conc-auditor', role: 'admin' };
  await receiveStock(services, product, BUCKET, {
    serials: Array.from({ length: 40 }, (_, i) => [`AU-SN-${i}`]),
  });
  servers = await Promise.all([startServerProcess(url.toString()), startServerProcess(url.toString())]);
  tokens = await signInOnEach(servers, 'conc-auditor', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await dropScratchDatabase(dbName);
});

describe('audits under concurrency, two server processes', () => {
  it('two auditors scanning the same serials into one item (both starting it) count each serial once', async () => {
    const batch = await services.audits.createBatch(
      { audit_batch_name: 'Conc count', default_audit_bucket: BUCKET },
      actor,
    );
    const serials = Array.from({ length: 20 }, (_, i) => `AU-SN-${i}`);
    const body = (serial: string) => ({
      model: product.modelNumber,
      auditBucket: BUCKET,
      auditBatchId: batch.audit_batch_id,
      auditTypeCode: SER,
      scannedUpc: UPC,
      serialNumbers: serial,
    });
    // Each auditor scans every serial (one of them in the opposite order), both through both servers.
    const results = (
      await Promise.all(
        [serials, [...serials].reverse()].map(async (mine, auditor) => {
          const out = [];
          for (const [i, serial] of mine.entries())
            out.push(
              await api((auditor + i) % 2, 'POST', '/api/audit-adjustments/quick-add-scanned-item', body(serial)),
            );
          return out;
        }),
      )
    ).flat();
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual(
      Array(20).fill([409, AUDIT_MESSAGES.serialAlreadyScanned]),
    );
    const items = await services.audits.items(batch.audit_batch_id);
    expect(items.committed).toHaveLength(1);
    expect(items.committed[0]!.tallied_quantity).toBe(20);
    expect(new Set(items.committed[0]!.serials.map((s) => s.scanned_serial_number)).size).toBe(20);
    expect(items.committed[0]!.serials).toHaveLength(20);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it('a resolve racing the transfer of a serial it finds missing leaves the serial in exactly one place', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const batch = await services.audits.createBatch(
        { audit_batch_name: `Conc resolve ${round}`, default_audit_bucket: BUCKET },
        actor,
      );
      const request = {
        model: product.modelNumber,
        auditBucket: BUCKET,
        auditBatchId: batch.audit_batch_id,
        auditTypeCode: SER,
      } as const;
      // The live serials in the bucket now: all but one counted; the uncounted one is being transferred meanwhile.
      const live = (
        await queryRows<{ serial_number: string }>(
          database.db,
          sql`select serial_number from inventory_serials where product_id = ${product.id} and bucket = ${BUCKET} and disposition_code = 'LIVE' order by id`,
        )
      ).map((r) => r.serial_number);
      const missing = live[0]!;
      const { ims_transaction_reference_id: ref } = await services.audits.request(request, actor);
      for (const serial of live.slice(1))
        await services.audits.quickAdd({ ...request, scannedUpc: UPC, serialNumbers: serial }, actor);
      const transfer = await services.transfers.commit(
        { fromBucket: BUCKET, toBucket: DEST, model: product.modelNumber, requestedQuantity: 1 },
        actor,
      );
      await services.transfers.addScannedItem(
        transfer.ims_transaction_reference_id,
        { scannedUpc: UPC, scannedSerialNumbers: [missing] } as never,
        actor,
      );
      const [resolve, submit] = await Promise.all([
        api(round % 2, 'POST', `/api/audit-adjustments/${ref}/resolve`, {}),
        api((round + 1) % 2, 'POST', `/api/ims/committed-transfers/${transfer.ims_transaction_reference_id}/transact`, {
          transferredById: 'conc-auditor',
        }),
      ]);
      expect(resolve.status, JSON.stringify(resolve.body)).toBe(200);
      const rows = await place(missing);
      expect(rows, missing).toHaveLength(1);
      if (submit.status === 200) {
        expect(rows[0]).toEqual({ bucket: DEST, disposition_code: 'LIVE' });
        outcomes.push('transfer first');
      } else {
        expect(submit.status, JSON.stringify(submit.body)).toBe(409);
        expect(rows[0]).toEqual({ bucket: null, disposition_code: 'MISSING' });
        outcomes.push('resolve first');
      }
      const liveHere = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from inventory_serials where product_id = ${product.id} and bucket = ${BUCKET} and disposition_code = 'LIVE'`,
      );
      expect(await onHand(database.db, product, BUCKET)).toBe(liveHere[0]!.n);
      expect(await checkLedger(database.db)).toEqual([]);
    }
    expect(outcomes).toHaveLength(4);
  });
});
