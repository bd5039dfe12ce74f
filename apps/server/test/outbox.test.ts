import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/database.js';
import { OutboxEdiTransport } from '../src/modules/edi/edi-transport.js';
import { EdiSender } from '../src/modules/edi/edi.service.js';
import { JobQueue } from '../src/modules/jobs/job-queue.js';
import {
  EDI_850_JOB,
  PO_EMAIL_JOB,
  PurchaseOrdersService,
  type DocumentGateway,
  type EdiGateway,
} from '../src/modules/purchase-orders/purchase-orders.service.js';
import { createLocation, createProducts, createSignedInUser, type CreatedProduct } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

/**
 * Outside effects from the outbox (docs/decisions.md, "Outside effects from an outbox"): the EDI 850 file and the PO e-mail are
 * rows of the job queue inserted in the business transaction and delivered after its commit, each once. On PGlite
 * and (TEST_DB=postgres) PostgreSQL.
 */
let t: TestApp;
let buyer: string;
let product: CreatedProduct;
let vendorId: number;
const queues: JobQueue[] = [];

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(buyer), ...(payload === undefined ? {} : { payload }) });

async function newPo(): Promise<{ id: number; purchase_ref_id: string }> {
  const res = await call('POST', '/api/purchase', {
    vendorId,
    location_code: 'KY01',
    purchaseOrderType: 'Default',
    shippingRequirements: 'Default',
  });
  expect(res.statusCode, res.body).toBe(201);
  const po = res.json() as { id: number; purchase_ref_id: string };
  await t.services.purchaseOrders.addLine({ productId: product.id, cost: 25, qty: 2, purchaseOrderId: po.id });
  return po;
}

const filesIn = (dir: string, match: (name: string) => boolean) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(match) : [];
const ediFilesOf = (ref: string, dir = t.config.ediOutboxDir) => filesIn(dir, (f) => f.startsWith(`850_${ref}_`));
const mailsOf = (ref: string) =>
  filesIn(t.config.mailOutboxDir, (f) => f.endsWith('.eml')).filter((f) =>
    fs.readFileSync(path.join(t.config.mailOutboxDir, f), 'utf8').includes(ref),
  );
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, query))[0]!.n;

/** Makes the next commits fail at COMMIT (a deferred constraint trigger), after everything the send wrote. */
async function failCommits(on: boolean): Promise<void> {
  await t.db.execute(
    on ? sql`insert into outbox_test_fail_commit values (true)` : sql`delete from outbox_test_fail_commit`,
  );
}

beforeAll(async () => {
  // No background worker: each send delivers its row itself right after its commit (JobQueue.runNow), and the test's
  // own service below is not raced by the app's queue for its rows.
  t = await createTestApp({ jobsEnabled: false });
  await createLocation(t.services, 'KY01');
  buyer = (await createSignedInUser(t, { role: 'purchasing-admin' })).token;
  [product] = (await createProducts(t.db, [{ modelNumber: 'OUTBOX1' }])) as [CreatedProduct];
  vendorId = (
    await t.services.vendors.create({
      company_name: 'Outbox Appliances',
      vendor_type: 'sales',
      edi_interchange_id: 'OUTBOXAPPL',
      edi_qualifier: 'ZZ',
    })
  ).id;
  await t.db.execute(sql`create table outbox_test_fail_commit (on_ boolean not null)`);
  await t.db.execute(sql`create function outbox_test_fail_commit() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from outbox_test_fail_commit) then raise exception 'the commit failed (test)'; end if;
      return null;
    end $$`);
  // On what the old send wrote (the interchange) and on what the outbox writes (the job row).
  for (const table of ['edi_interchanges', 'jobs']) {
    await t.db.execute(
      sql.raw(
        `create constraint trigger outbox_test_fail_commit after insert on ${table} deferrable initially deferred for each row execute function outbox_test_fail_commit()`,
      ),
    );
  }
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await t?.close();
});

describe('a send whose commit fails', () => {
  it('writes no 850 and records nothing; a resend then writes exactly one 850', async () => {
    const po = await newPo();
    await failCommits(true);
    try {
      const failed = await call('POST', `/api/purchase/direct/${po.id}`);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await failCommits(false);
    }
    // Nothing reached the folder, and the database holds no trace of the send.
    expect(ediFilesOf(po.purchase_ref_id)).toEqual([]);
    expect(await count(sql`select count(*)::int as n from edi_interchanges where purchase_order_id = ${po.id}`)).toBe(
      0,
    );
    expect(
      await count(
        sql`select count(*)::int as n from jobs where kind = ${EDI_850_JOB} and (payload->>'purchaseOrderId')::int = ${po.id}`,
      ),
    ).toBe(0);
    expect((await call('GET', `/api/purchase/getFull/${po.id}`)).json().data.PO).toMatchObject({ sent_via_edi: false });

    const resent = await call('POST', `/api/purchase/direct/${po.id}`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      message: 'Success',
      data: { PO: { sent_via_edi: true, purchase_order_status: { status_name: 'Order Sent' } } },
    });
    expect(ediFilesOf(po.purchase_ref_id)).toEqual([resent.json().fileName]);
    expect(
      await count(
        sql`select count(*)::int as n from jobs where kind = ${EDI_850_JOB} and status = 'succeeded' and (payload->>'purchaseOrderId')::int = ${po.id}`,
      ),
    ).toBe(1);
    // A third send is refused and writes nothing.
    expect((await call('POST', `/api/purchase/direct/${po.id}`)).statusCode).toBe(409);
    expect(ediFilesOf(po.purchase_ref_id)).toHaveLength(1);
  });

  it('sends no e-mail; a resend then sends exactly one', async () => {
    const po = await newPo();
    const body = { email: 'rep@outbox.example', name: 'Pat', message: 'Please confirm.', ccs: '' };
    await failCommits(true);
    try {
      expect((await call('POST', `/api/purchaseOrder/${po.id}/email`, body)).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await failCommits(false);
    }
    expect(mailsOf(po.purchase_ref_id)).toEqual([]);
    const sent = await call('POST', `/api/purchaseOrder/${po.id}/email`, body);
    expect(sent.statusCode, sent.body).toBe(200);
    const files = mailsOf(po.purchase_ref_id);
    expect(files).toHaveLength(1);
    // The Message-ID is the outbox row's: the one answered is the one in the message.
    expect(fs.readFileSync(path.join(t.config.mailOutboxDir, files[0]!), 'utf8')).toContain(
      `Message-ID: ${sent.json().messageId}`,
    );
  });
});

/**
 * A PurchaseOrdersService of the test's own over the app's database, with gateways that record when they deliver
 * (and can die once right after writing), and a job queue of its own that registers its deliveries.
 */
function serviceWith(options: { dieAfterWrite?: boolean; ediDir: string }) {
  const events: string[] = [];
  const sender = new EdiSender(new OutboxEdiTransport(options.ediDir), {
    senderId: 'KEYSTONE',
    senderQualifier: 'ZZ',
    usageIndicator: 'T',
  });
  let deaths = options.dieAfterWrite ? 1 : 0;
  const edi: EdiGateway = {
    prepare: (doc, controlNumber) => sender.prepare(doc, controlNumber),
    async deliver(fileName, content) {
      events.push('deliver');
      const delivered = await sender.deliver(fileName, content);
      if (deaths > 0) {
        deaths -= 1;
        throw new Error('the process died after the rename, before its commit');
      }
      return delivered;
    },
  };
  const documents: DocumentGateway = {
    pdf: () => Promise.resolve(Buffer.from('%PDF-1.4 test')),
    checkRecipients: () => undefined,
    messageId: (key) => `<${key}@keystone.example>`,
    email(_doc, _input, _pdf, identity) {
      events.push('mail');
      return Promise.resolve({ messageId: identity.messageId });
    },
  };
  // The business transactions: an event when each has committed.
  const db = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      return async (work: Parameters<Database['transaction']>[0]) => {
        const result = await target.transaction(work);
        events.push('commit');
        return result;
      };
    },
  });
  const service = new PurchaseOrdersService(db, t.config, edi, documents);
  const queue = new JobQueue(t.db, { pollMs: 50 });
  queues.push(queue);
  service.useJobQueue(queue);
  return { service, events };
}

describe('a delivery', () => {
  it('happens after the business transaction has committed (850 and e-mail)', async () => {
    const ediDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-outbox-'));
    const { service, events } = serviceWith({ ediDir });
    const po = await newPo();
    const sent = await service.sendByEdi(po.id, null);
    expect(sent.message).toBe('Success');
    expect(events).toEqual(['commit', 'deliver']);
    await service.email(po.id, { email: 'rep@outbox.example', name: '', message: '', ccs: [] });
    expect(events).toEqual(['commit', 'deliver', 'commit', 'mail']);
    expect(
      await count(
        sql`select count(*)::int as n from jobs where kind = ${PO_EMAIL_JOB} and status = 'succeeded' and (payload->>'purchaseOrderId')::int = ${po.id}`,
      ),
    ).toBe(1);
  });

  it('that dies after writing the file and is retried leaves one file, and the PO is sent once', async () => {
    const ediDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-outbox-'));
    const { service, events } = serviceWith({ dieAfterWrite: true, ediDir });
    const po = await newPo();
    const sender = (await queryRows<{ id: number }>(t.db, sql`select min(id)::int as id from users`))[0]!.id;
    const sent = await service.sendByEdi(po.id, sender);
    expect(sent).toMatchObject({ message: 'Success', data: { PO: { sent_via_edi: true, edi_errors: [] } } });
    // The status the delivery set is on the PO's history once (the attempt that died rolled back), as the sender's.
    expect(
      await queryRows(
        t.db,
        sql`select user_id, before, after from record_changes where entity = 'purchase-order' and record_id = ${String(po.id)} and field = 'purchase_order_status'`,
      ),
    ).toEqual([{ user_id: sender, before: '"New"', after: '"Order Sent"' }]);
    expect(events).toEqual(['commit', 'deliver', 'deliver']);
    expect(ediFilesOf(po.purchase_ref_id, ediDir)).toEqual([sent.fileName]);
    // Only the finished file: no temporary file left behind either.
    expect(fs.readdirSync(ediDir)).toEqual([sent.fileName]);
    const [job] = await queryRows<{ status: string; attempts: number }>(
      t.db,
      sql`select status, attempts from jobs where kind = ${EDI_850_JOB} and (payload->>'purchaseOrderId')::int = ${po.id}`,
    );
    expect(job).toEqual({ status: 'succeeded', attempts: 2 });
  });
});
