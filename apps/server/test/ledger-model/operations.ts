import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { TRole } from '@keystone/contracts';
import { loadConfig } from '../../src/config.js';
import { queryRows, type Database } from '../../src/db/database.js';
import type { Services } from '../../src/modules/services.js';
import { createLocation, createProducts, nextUpc, type CreatedProduct } from '../factories.js';
import { LedgerModel, type ModelAudit, type ModelLine, type ModelSale, type ModelTransfer } from './model.js';

/**
 * The operations of the model-based ledger test (issue 32 part 2): every stock operation the product offers, sent
 * through its HTTP API as the screens send it (as users of the roles that hold each permission), each predicted by
 * the model first (taken, or refused with a 4xx changing nothing), then the product's answers compared with the
 * model. Shared by the in-process test (Fastify inject), the two-process test (real HTTP) and `npm run soak`.
 */

// ------------------------------------------------------------------------------------------------ the API clients

export interface ApiAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** One way of reaching an API process: Fastify's inject, or HTTP to a running server. */
export interface ApiClient {
  name: string;
  call(method: string, url: string, token: string, body?: unknown): Promise<ApiAnswer>;
}

export function injectClient(app: FastifyInstance, name = 'inject'): ApiClient {
  return {
    name,
    async call(method, url, token, body) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, text: res.body, body: res.body ? safeJson(res.body) : null };
    },
  };
}

export function httpClient(baseUrl: string, name = baseUrl): ApiClient {
  return {
    name,
    async call(method, url, token, body) {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, text, body: text ? safeJson(text) : null };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A field of a JSON answer (the tests read a few named fields of each). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

// ------------------------------------------------------------------------------------------------ the steps

export const STEP_KINDS = [
  'receive',
  'unreceive',
  'manifest',
  'transfer-commit',
  'transfer-scan',
  'force-push',
  'transfer-transact',
  'transfer-delete',
  'sale-commit',
  'sale-transact',
  'finish-invoice',
  'quote-convert',
  'pick',
  'bin-add',
  'bin-remove',
  'audit-start',
  'audit-scan',
  'audit-finish',
  'audit-resolve',
  'admin-adjust',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** One step: its kind and a few numbers the runner resolves against the model at run time (which line, bin, serial …). */
export interface Step {
  kind: StepKind;
  a: number;
  b: number;
  c: number;
  d: number;
}

const WEIGHTS: Record<StepKind, number> = {
  receive: 8,
  unreceive: 2,
  manifest: 2,
  'transfer-commit': 3,
  'transfer-scan': 3,
  'force-push': 2,
  'transfer-transact': 3,
  'transfer-delete': 1,
  'sale-commit': 4,
  'sale-transact': 2,
  'finish-invoice': 2,
  'quote-convert': 2,
  pick: 3,
  'bin-add': 5,
  'bin-remove': 2,
  'audit-start': 2,
  'audit-scan': 3,
  'audit-finish': 2,
  'audit-resolve': 3,
  'admin-adjust': 2,
};

export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  ...STEP_KINDS.map((kind) => ({
    weight: WEIGHTS[kind],
    arbitrary: fc.record({
      kind: fc.constant(kind),
      a: fc.nat(1000),
      b: fc.nat(1000),
      c: fc.nat(1000),
      d: fc.nat(1000),
    }),
  })),
);

/** `count` steps from a seed, without fast-check's runner (the soak script's long runs, made in chunks). */
export function sampleSteps(seed: number, count: number): Step[] {
  return fc.sample(stepArbitrary, { seed, numRuns: count });
}

// ------------------------------------------------------------------------------------------------ the actors

const PASSWORD = 'ledger model password';

/** The roles the operations are sent as: each holds the permission its routes need (and not much more). */
const ROLES_USED = {
  receiver: 'warehouse-admin',
  floor: 'warehouse-1',
  lead: 'warehouse-lead',
  sales: 'sales-1',
  admin: 'admin',
  developer: 'developer',
} as const satisfies Record<string, TRole>;
type Actor = keyof typeof ROLES_USED;

export interface Actors {
  /** Per client (index), per actor: a bearer token signed in on that client's process. */
  tokens: Record<Actor, string>[];
  usernames: Record<Actor, string>;
  ids: Record<Actor, number>;
}

let actorSequence = 0;

/** Creates one user per role used and signs each in on every client. */
export async function createActors(services: Services, clients: ApiClient[]): Promise<Actors> {
  actorSequence += 1;
  const stamp = `${process.pid}-${actorSequence}`;
  const usernames = {} as Record<Actor, string>;
  const ids = {} as Record<Actor, number>;
  for (const [actor, role] of Object.entries(ROLES_USED) as [Actor, TRole][]) {
    usernames[actor] = `lm-${actor}-${stamp}`;
    ids[actor] = await services.users.create({ username: usernames[actor], password: PASSWORD, role, email: null });
  }
  const config = loadConfig({});
  const tokens: Record<Actor, string>[] = [];
  for (const client of clients) {
    const perActor = {} as Record<Actor, string>;
    for (const actor of Object.keys(ROLES_USED) as Actor[]) {
      const res = await client.call('POST', '/oauth/token', '', {
        grant_type: 'password',
        username: usernames[actor],
        password: PASSWORD,
        client_id: config.oauthClientId,
        client_secret: config.oauthClientSecret,
      });
      const token = (res.body as Json)?.access_token;
      if (res.status !== 200 || typeof token !== 'string')
        throw new Error(`sign-in of ${usernames[actor]} on ${client.name}: ${res.status} ${res.text}`);
      perActor[actor] = token;
    }
    tokens.push(perActor);
  }
  return { tokens, usernames, ids };
}

// ------------------------------------------------------------------------------------------------ the runner

const SERIAL_POOL = 24;
const LINE_SIZE = 12;
const PRODUCT_KEYS = ['KA', 'KB', 'TV'] as const;
type ProductKey = (typeof PRODUCT_KEYS)[number];
const KITS: ProductKey[] = ['KA', 'KB'];
const NON = 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED';

export class ModelMismatch extends Error {}

/** What happened to a step: taken, refused (as predicted), or skipped (nothing to act on). */
export type Outcome = 'taken' | 'refused' | 'skipped';

export interface RunnerOptions {
  services: Services;
  db: Database;
  clients: ApiClient[];
  actors: Actors;
  /** A location code of this run's own (its buckets, bins, products and serials are named from it). */
  location: string;
}

export class LedgerModelRunner {
  readonly model: LedgerModel;
  readonly counts = new Map<string, number>();
  /** Milliseconds spent per step kind (the soak prints where its time goes). */
  readonly millis = new Map<string, number>();
  readonly buckets: [string, string];
  private readonly loc: string;
  private products = new Map<ProductKey, CreatedProduct>();
  private productKeyById = new Map<number, ProductKey>();
  private contactId = 0;
  private sequence = 0;
  /** The client the next step is sent through (alternates when there are several). */
  client = 0;
  /** The steps run so far, for the failure message. */
  readonly trail: string[] = [];

  constructor(private readonly options: RunnerOptions) {
    this.loc = options.location.toUpperCase();
    this.buckets = [this.loc, `${this.loc}_B_STOCK`];
    this.model = new LedgerModel(this.buckets, new Map(PRODUCT_KEYS.map((k) => [k, k === 'TV'])));
  }

  // ---- setup ----

  async setup(): Promise<void> {
    const { services, db } = this.options;
    await createLocation(services, this.loc);
    const made = await createProducts(db, [
      { modelNumber: `${this.loc}-KA`, upc: nextUpc(), serialNumberTracked: false },
      { modelNumber: `${this.loc}-KB`, upc: nextUpc(), serialNumberTracked: false },
      { modelNumber: `${this.loc}-TV`, upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 },
    ]);
    PRODUCT_KEYS.forEach((k, i) => {
      this.products.set(k, made[i]!);
      this.productKeyById.set(made[i]!.id, k);
    });
    // Bins: three in the NEW bucket (two sharing a row, so names order them), one in B_STOCK.
    for (const [row, shelf, condition] of [
      [2, 1, 'NEW'],
      [1, 2, 'NEW'],
      [1, 1, 'NEW'],
      [3, 1, 'B_STOCK'],
    ] as const) {
      const res = await this.api('receiver', 'POST', '/api/ims/bins', {
        row,
        bay: 1,
        shelf,
        locationCode: this.loc,
        conditionCode: condition,
      });
      if (res.status !== 201) throw new Error(`bin: ${res.status} ${res.text}`);
      const bin = res.body as Json;
      this.model.bins.push({
        id: bin.id,
        name: bin.binName,
        bucket: condition === 'NEW' ? this.buckets[0] : this.buckets[1],
      });
    }
    const contact = await services.contacts.create(
      { first_name: 'Model', last_name: this.loc, city: 'Louisville', state: 'KY' },
      null,
    );
    this.contactId = contact.id;
  }

  private product(key: ProductKey): CreatedProduct {
    return this.products.get(key)!;
  }

  /** A PO line of `product` with room, a new PO when the newest is full (purchasing is not under test). */
  private async lineWithRoom(key: ProductKey, manifest: boolean, full: boolean): Promise<ModelLine> {
    const tag = manifest ? `${key}#M` : key;
    const lines = this.model.lines.filter((l) => (l as ModelLine & { tag?: string }).tag === tag);
    const last = lines.at(-1);
    if (last && (last.received < last.ordered || full)) return last;
    const { services } = this.options;
    const vendor = await services.vendors.create({
      company_name: `Model vendor ${this.loc} ${++this.sequence}`,
      vendor_type: 'sales',
    });
    const po = await services.purchaseOrders.create(
      { vendorId: vendor.id, location_code: this.loc, purchaseOrderType: 'Default', shippingRequirements: 'Default' },
      this.options.actors.ids.receiver,
    );
    const full_ = await services.purchaseOrders.addLine({
      productId: this.product(key).id,
      cost: 20,
      qty: LINE_SIZE,
      purchaseOrderId: po.id,
    });
    const line: ModelLine & { tag: string } = {
      poId: po.id,
      lineId: full_.data.PO_LINES.at(-1)!.id,
      product: key,
      ordered: LINE_SIZE,
      received: 0,
      receipts: [],
      tag,
    };
    this.model.lines.push(line);
    return line;
  }

  // ---- calls ----

  async api(actor: Actor, method: string, url: string, body?: unknown): Promise<ApiAnswer> {
    const client = this.options.clients[this.client % this.options.clients.length]!;
    return client.call(
      method,
      url,
      this.options.actors.tokens[this.client % this.options.clients.length]![actor],
      body,
    );
  }

  private fail(message: string): never {
    throw new ModelMismatch(`${message}\n  after steps:\n    ${this.trail.slice(-15).join('\n    ')}`);
  }

  /** The product's answer must be what the model predicted: a 2xx when taken, a 4xx when refused. */
  private expectAnswer(res: ApiAnswer, taken: boolean, what: string): void {
    if (taken && (res.status < 200 || res.status >= 300))
      this.fail(`${what}: the model takes it, the product answered ${res.status} ${res.text.slice(0, 400)}`);
    if (!taken && (res.status < 400 || res.status >= 500 || res.status === 401 || res.status === 403))
      this.fail(`${what}: the model refuses it (4xx), the product answered ${res.status} ${res.text.slice(0, 400)}`);
  }

  private serial(n: number): string {
    return `${this.loc}S${n % SERIAL_POOL}`;
  }

  private count(kind: string, outcome: Outcome): Outcome {
    const key = `${kind}:${outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return outcome;
  }

  // ---- one step ----

  async run(step: Step): Promise<Outcome> {
    const label = `${step.kind}(${step.a},${step.b},${step.c},${step.d}) via ${this.options.clients[this.client % this.options.clients.length]!.name}`;
    // The last steps only: a failure prints them, and a long soak must not keep every label.
    if (this.trail.length >= 200) this.trail.splice(0, this.trail.length - 100);
    this.trail.push(label);
    const started = performance.now();
    const outcome = await this.dispatch(step);
    this.millis.set(step.kind, (this.millis.get(step.kind) ?? 0) + performance.now() - started);
    this.trail[this.trail.length - 1] = `${label} → ${outcome}`;
    return this.count(step.kind, outcome);
  }

  private dispatch(s: Step): Promise<Outcome> {
    switch (s.kind) {
      case 'receive':
        return this.receive(s);
      case 'unreceive':
        return this.unreceive(s);
      case 'manifest':
        return this.manifest(s);
      case 'transfer-commit':
        return this.transferCommit(s);
      case 'transfer-scan':
        return this.transferScan(s, false);
      case 'force-push':
        return this.transferScan(s, true);
      case 'transfer-transact':
        return this.transferTransact(s);
      case 'transfer-delete':
        return this.transferDelete(s);
      case 'sale-commit':
        return this.saleCommit(s);
      case 'sale-transact':
        return this.saleTransact(s);
      case 'finish-invoice':
        return this.finishInvoice(s);
      case 'quote-convert':
        return this.quoteConvert(s);
      case 'pick':
        return this.pick(s);
      case 'bin-add':
      case 'bin-remove':
        return this.binChange(s, s.kind === 'bin-add');
      case 'audit-start':
        return this.auditStart(s);
      case 'audit-scan':
        return this.auditScan(s);
      case 'audit-finish':
        return this.auditFinish(s);
      case 'audit-resolve':
        return this.auditResolve(s);
      case 'admin-adjust':
        return this.adminAdjust(s);
    }
  }

  private async receive(s: Step): Promise<Outcome> {
    const key = PRODUCT_KEYS[s.a % 3]!;
    const bucket = this.buckets[s.b % 2]!;
    // Now and then onto a full line (refused: over the ordered quantity).
    const line = await this.lineWithRoom(key, false, s.c % 6 === 0);
    const p = this.product(key);
    if (key !== 'TV') return this.receiveStaged(line, bucket, 1 + (s.d % 4));
    const serial = key === 'TV' ? this.serial(s.d) : null;
    const taken = line.received < line.ordered && (serial === null || this.model.liveIn(serial) === null);
    const res = await this.api('receiver', 'POST', '/api/scanner/receipt/quickScanReceive', {
      scannedUpc: p.upc,
      model: p.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: bucket,
      ...(serial ? { scannedSerialNumbers: [serial] } : {}),
    });
    this.expectAnswer(
      res,
      taken,
      `receive ${key} ${serial ?? ''} into ${bucket} (line ${line.received}/${line.ordered})`,
    );
    if (!taken) return 'refused';
    const body = res.body as Json;
    line.received += 1;
    if (body.qty_received !== line.received)
      this.fail(`receive: qty_received ${body.qty_received}, the model ${line.received}`);
    line.receipts.push({
      ref: body.transactionReferenceId,
      bucket,
      serial,
      record: serial ? this.model.newRecord(serial, bucket) : undefined,
    });
    this.model.addOnHand(key, bucket, 1);
    return 'taken';
  }

  /** Staged scans of a product without serials submitted together (scanned-item/submit): all or none. */
  private async receiveStaged(line: ModelLine, bucket: string, units: number): Promise<Outcome> {
    const p = this.product(line.product as ProductKey);
    const taken = line.received + units <= line.ordered;
    const item = {
      scannedUpc: p.upc,
      model: p.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: bucket,
    };
    const res = await this.api('receiver', 'POST', '/api/scanner/receipt/scanned-item/submit', {
      scannedItems: Array.from({ length: units }, () => item),
    });
    this.expectAnswer(
      res,
      taken,
      `receive ${units} ${line.product} into ${bucket} (line ${line.received}/${line.ordered})`,
    );
    if (!taken) return 'refused';
    for (const r of (res.body as Json).items as Json[])
      line.receipts.push({ ref: r.transactionReferenceId, bucket, serial: null });
    line.received += units;
    const last = ((res.body as Json).items as Json[]).at(-1);
    if (last.qty_received !== line.received)
      this.fail(`receive: qty_received ${last.qty_received}, the model ${line.received}`);
    this.model.addOnHand(line.product, bucket, units);
    return 'taken';
  }

  /** Stock to start from, received through the API like any step: kits in both buckets, serials in both. */
  async stockUp(): Promise<void> {
    for (let b = 0; b < 2; b++) {
      for (let a = 0; a < 3; a++) await this.run({ kind: 'receive', a, b, c: 1, d: 3 + b * 10 });
      await this.run({ kind: 'manifest', a: 2, b, c: 1, d: 6 + b * 8 });
    }
    for (const step of this.trail) if (!step.endsWith('taken')) throw new Error(`stock-up: ${step}`);
  }

  private async unreceive(s: Step): Promise<Outcome> {
    const lines = this.model.lines.filter((l) => l.receipts.length);
    if (!lines.length) return 'skipped';
    const line = lines[s.a % lines.length]!;
    const receipt = line.receipts[s.b % line.receipts.length]!;
    const p = this.product(line.product as ProductKey);
    // The bucket must still hold a unit (an admin adjustment may have zeroed it) and the unit's serial.
    const taken =
      this.model.qty(line.product, receipt.bucket) >= 1 &&
      (!receipt.serial ||
        (this.model.liveIn(receipt.serial) === receipt.bucket &&
          this.model.records.get(receipt.serial) === receipt.record));
    const res = await this.api('receiver', 'POST', `/api/transacted-receipts/${receipt.ref}/unreceive`, {
      lineItemId: line.lineId,
      notes: 'Model: counted one too many',
      scannedUpc: p.upc,
      ...(receipt.serial ? { scannedSerialNumbers: [receipt.serial] } : {}),
    });
    this.expectAnswer(
      res,
      taken,
      `un-receive ${receipt.ref} (${line.product} ${receipt.serial ?? ''} in ${receipt.bucket})`,
    );
    if (!taken) return 'refused';
    line.receipts.splice(line.receipts.indexOf(receipt), 1);
    line.received -= 1;
    this.model.addOnHand(line.product, receipt.bucket, -1);
    if (receipt.serial) this.model.serialGone(receipt.serial, 'UNRECEIVED');
    return 'taken';
  }

  private async manifest(s: Step): Promise<Outcome> {
    const line = await this.lineWithRoom('TV', true, s.c % 5 === 0);
    const bucket = this.buckets[s.b % 2]!;
    const units = 1 + (s.a % 3);
    const stride = 1 + (s.c % 7);
    const serials = Array.from({ length: units }, (_, i) => this.serial(s.d + i * stride));
    const distinct = new Set(serials).size === serials.length;
    const taken =
      distinct && line.received + units <= line.ordered && serials.every((n) => this.model.liveIn(n) === null);
    const p = this.product('TV');
    const res = await this.api('receiver', 'POST', '/api/scanner/receipt/manifest/receive', {
      model: p.modelNumber,
      poApiPoId: line.poId,
      poApiPoItemId: line.lineId,
      receivingBucket: bucket,
      clientRequestId: randomUUID(),
      units: serials.map((n) => [n]),
    });
    this.expectAnswer(
      res,
      taken,
      `manifest ${serials.join(',')} into ${bucket} (line ${line.received}/${line.ordered})`,
    );
    if (!taken) return 'refused';
    const refs = (res.body as Json).transactionReferenceIds as string[];
    serials.forEach((n, i) => {
      line.receipts.push({ ref: refs[i]!, bucket, serial: n, record: this.model.newRecord(n, bucket) });
      this.model.addOnHand('TV', bucket, 1);
    });
    line.received += units;
    return 'taken';
  }

  private async transferCommit(s: Step): Promise<Outcome> {
    if (this.model.transfers.length >= 10) return 'skipped';
    const key = PRODUCT_KEYS[s.a % 3]!;
    const from = this.buckets[s.b % 2]!;
    const to = this.buckets[1 - (s.b % 2)]!;
    const available = this.model.available(key, from);
    // Mostly what is available; now and then one more than that (refused: too many units).
    const quantity = s.c % 5 === 0 ? Math.max(1, available + 1) : 1 + (s.c % Math.max(1, Math.min(3, available)));
    const scanning = key === 'TV' || s.d % 2 === 0;
    const taken = quantity <= available;
    const res = await this.api('lead', 'POST', '/api/ims/committed-transfers', {
      fromBucket: from,
      toBucket: to,
      model: this.product(key).modelNumber,
      requestedQuantity: quantity,
      scanningRequired: scanning,
    });
    this.expectAnswer(res, taken, `commit a transfer of ${quantity} ${key} ${from} → ${to} (available ${available})`);
    if (!taken) return 'refused';
    this.model.transfers.push({
      ref: (res.body as Json).ims_transaction_reference_id,
      product: key,
      from,
      to,
      quantity,
      scanning,
      scanned: [],
    });
    return 'taken';
  }

  private async transferScan(s: Step, force: boolean): Promise<Outcome> {
    const open = this.model.transfers.filter((t) => t.scanning && (force ? t.product === 'TV' : true));
    if (!open.length) return 'skipped';
    const t = open[s.a % open.length]!;
    const p = this.product(t.product as ProductKey);
    let serial: string | null = null;
    let taken = t.scanned.length < t.quantity;
    let correction: (() => void) | null = null;
    if (t.product === 'TV') {
      // Mostly a serial live in the source (a right scan), else any of the pool (elsewhere, sold, never seen …).
      const here = [...this.model.serials.entries()]
        .filter(([, place]) => 'bucket' in place && place.bucket === t.from)
        .map(([n]) => n);
      serial = s.b % 3 !== 0 && here.length ? here[s.c % here.length]! : this.serial(s.c);
      const upper = serial.toUpperCase();
      taken &&= !t.scanned.some((n) => n?.toUpperCase() === upper) && this.model.reservedBy(serial, t.ref) === null;
      if (force) {
        const place = this.model.serials.get(serial);
        if (place && 'bucket' in place) {
          if (place.bucket !== t.from) {
            const was = place.bucket;
            taken &&= this.model.qty('TV', was) >= 1;
            correction = () => {
              this.model.addOnHand('TV', was, -1);
              this.model.addOnHand('TV', t.from, 1);
              this.model.serialTo(serial!, t.from);
            };
          }
        } else if (place && place.gone === 'SOLD') {
          taken = false;
        } else {
          correction = () => {
            this.model.addOnHand('TV', t.from, 1);
            this.model.newRecord(serial!, t.from);
          };
        }
      } else {
        taken &&= this.model.liveIn(serial) === t.from;
      }
    }
    const res = await this.api('lead', 'POST', `/api/ims/committed-transfers/${t.ref}/addScannedItem`, {
      scannedUpc: p.upc,
      ...(serial ? { scannedSerialNumbers: [serial] } : {}),
      ...(force ? { forcePushSerialCorrection: 1 } : {}),
    });
    this.expectAnswer(
      res,
      taken,
      `${force ? 'force push' : 'scan'} ${serial ?? t.product} into ${t.ref} (${t.from} → ${t.to}, ${t.scanned.length}/${t.quantity} scanned, serial at ${JSON.stringify(serial ? this.model.serials.get(serial) : null)})`,
    );
    if (!taken) return 'refused';
    correction?.();
    t.scanned.push(serial);
    return 'taken';
  }

  private async transferTransact(s: Step): Promise<Outcome> {
    if (!this.model.transfers.length) return 'skipped';
    const t = this.model.transfers[s.a % this.model.transfers.length]!;
    const serials = t.scanned.filter((n): n is string => n !== null);
    const taken =
      (!t.scanning || t.scanned.length === t.quantity) &&
      this.model.qty(t.product, t.from) >= t.quantity &&
      serials.every((n) => this.model.liveIn(n) === t.from);
    const res = await this.api('lead', 'POST', `/api/ims/committed-transfers/${t.ref}/transact`, {
      transferredById: this.options.actors.usernames.lead,
    });
    this.expectAnswer(
      res,
      taken,
      `submit ${t.ref} (${t.quantity} ${t.product} ${t.from} → ${t.to}, ${t.scanned.length} scanned, on hand ${this.model.qty(t.product, t.from)})`,
    );
    if (!taken) return 'refused';
    this.closeTransfer(t);
    return 'taken';
  }

  /** Deletes a committed transfer: nothing has moved; its reservation and scans go. */
  private async transferDelete(s: Step): Promise<Outcome> {
    if (!this.model.transfers.length) return 'skipped';
    const t = this.model.transfers[s.a % this.model.transfers.length]!;
    const res = await this.api('lead', 'DELETE', `/api/ims/committed-transfers/${t.ref}`);
    this.expectAnswer(res, true, `delete ${t.ref}`);
    this.model.transfers.splice(this.model.transfers.indexOf(t), 1);
    return 'taken';
  }

  private closeTransfer(t: ModelTransfer): void {
    this.model.transfers.splice(this.model.transfers.indexOf(t), 1);
    this.model.addOnHand(t.product, t.from, -t.quantity);
    this.model.addOnHand(t.product, t.to, t.quantity);
    for (const n of t.scanned) if (n) this.model.serialTo(n, t.to);
  }

  private async saleCommit(s: Step): Promise<Outcome> {
    if (this.model.sales.length >= 12) return 'skipped';
    const key = PRODUCT_KEYS[s.a % 3]!;
    const bucket = this.buckets[s.b % 2]!;
    const available = this.model.available(key, bucket);
    const quantity = s.c % 6 === 0 ? Math.max(1, available + 1) : 1 + (s.c % 2);
    let serials: string[] = [];
    if (key === 'TV') {
      const here = [...this.model.serials.entries()]
        .filter(([, place]) => 'bucket' in place && place.bucket === bucket)
        .map(([n]) => n);
      serials = Array.from({ length: quantity }, (_, i) =>
        s.d % 4 !== 0 && here.length ? here[(s.d + i) % here.length]! : this.serial(s.d + i * 5),
      );
    }
    const invoices = [...new Set(this.model.sales.map((x) => x.invoice))];
    const invoice =
      s.d % 3 === 0 && invoices.length ? invoices[s.b % invoices.length]! : `${this.loc}-INV-${++this.sequence}`;
    const distinct = new Set(serials.map((n) => n.toUpperCase())).size === serials.length;
    const taken = quantity <= available && distinct && serials.every((n) => this.model.reservedBy(n) === null);
    const res = await this.api('sales', 'POST', '/api/ims/committed-sales', {
      legacyPosInvoiceId: invoice,
      model: this.product(key).modelNumber,
      quantity,
      sourceBucket: bucket,
      ...(serials.length ? { serials } : {}),
    });
    this.expectAnswer(
      res,
      taken,
      `commit a sale of ${quantity} ${key} ${serials.join(',')} from ${bucket} (available ${available})`,
    );
    if (!taken) return 'refused';
    this.model.sales.push({
      ref: (res.body as Json).ims_transaction_reference_id,
      invoice,
      product: key,
      bucket,
      quantity,
      serials,
      pickItemId: null,
      picked: false,
    });
    return 'taken';
  }

  /** Whether a sale can be transacted now: its bucket holds the quantity and every serial. */
  private saleFits(
    sale: ModelSale,
    onHand: (p: string, b: string) => number,
    place: (n: string) => string | null,
  ): boolean {
    return onHand(sale.product, sale.bucket) >= sale.quantity && sale.serials.every((n) => place(n) === sale.bucket);
  }

  private closeSale(sale: ModelSale): void {
    this.model.sales.splice(this.model.sales.indexOf(sale), 1);
    this.model.addOnHand(sale.product, sale.bucket, -sale.quantity);
    for (const n of sale.serials) this.model.serialGone(n, 'SOLD');
  }

  private async saleTransact(s: Step): Promise<Outcome> {
    if (!this.model.sales.length) return 'skipped';
    const sale = this.model.sales[s.a % this.model.sales.length]!;
    // A backorder sells only units no open commitment holds.
    const free = !sale.backordered || this.model.available(sale.product, sale.bucket) >= sale.quantity;
    const taken =
      free &&
      this.saleFits(
        sale,
        (p, b) => this.model.qty(p, b),
        (n) => this.model.liveIn(n),
      );
    const res = await this.api('floor', 'POST', `/api/ims/committed-sales/${sale.ref}/transact`, {});
    this.expectAnswer(
      res,
      taken,
      `transact ${sale.ref} (${sale.quantity} ${sale.product} ${sale.serials.join(',')} from ${sale.bucket}, on hand ${this.model.qty(sale.product, sale.bucket)})`,
    );
    if (!taken) return 'refused';
    this.closeSale(sale);
    return 'taken';
  }

  private async finishInvoice(s: Step): Promise<Outcome> {
    const invoices = [...new Set(this.model.sales.map((x) => x.invoice))];
    if (!invoices.length) return 'skipped';
    const invoice = invoices[s.a % invoices.length]!;
    // In the product's order: (product id, bucket, sale id); all or none.
    const id = (sale: ModelSale) => Number(sale.ref.replace(/\D/g, ''));
    const open = this.model.sales
      .filter((x) => x.invoice === invoice)
      .sort(
        (x, y) =>
          this.product(x.product as ProductKey).id - this.product(y.product as ProductKey).id ||
          (x.bucket < y.bucket ? -1 : x.bucket > y.bucket ? 1 : 0) ||
          id(x) - id(y),
      );
    const onHand = new Map<string, number>();
    const places = new Map<string, string | null>();
    let taken = true;
    const done = new Set<string>();
    for (const sale of open) {
      const qty = (p: string, b: string) => onHand.get(LedgerModel.key(p, b)) ?? this.model.qty(p, b);
      const place = (n: string) => (places.has(n) ? places.get(n)! : this.model.liveIn(n));
      // A backorder: on-hand less the commitments still open (those transacted earlier in this finish no longer hold any).
      const doneHere = this.model.sales
        .filter((x) => !x.backordered && done.has(x.ref) && x.product === sale.product && x.bucket === sale.bucket)
        .reduce((n, x) => n + x.quantity, 0);
      const held = this.model.reserved(sale.product, sale.bucket) - doneHere;
      const free = !sale.backordered || qty(sale.product, sale.bucket) - held >= sale.quantity;
      if (!free || !this.saleFits(sale, qty, place)) {
        taken = false;
        break;
      }
      onHand.set(LedgerModel.key(sale.product, sale.bucket), qty(sale.product, sale.bucket) - sale.quantity);
      for (const n of sale.serials) places.set(n, null);
      done.add(sale.ref);
    }
    const res = await this.api('floor', 'POST', '/api/ims/legacy-wpos/finishInvoice/', { legacyPosInvoiceId: invoice });
    this.expectAnswer(
      res,
      taken,
      `finish invoice ${invoice} (${open.map((x) => `${x.ref}: ${x.quantity} ${x.product} from ${x.bucket}`).join('; ')})`,
    );
    if (!taken) return 'refused';
    for (const sale of open) this.closeSale(sale);
    return 'taken';
  }

  private async quoteConvert(s: Step): Promise<Outcome> {
    if (this.model.sales.length >= 12) return 'skipped';
    const quote = await this.api('sales', 'POST', '/api/quote/store', { sold_contact_id: this.contactId });
    if (quote.status !== 201) this.fail(`quote/store: ${quote.status} ${quote.text}`);
    const quoteId = (quote.body as Json).quote.id as number;
    const items: { key: ProductKey; bucket: string; units: number }[] = [];
    for (let i = 0; i < 1 + (s.a % 2); i++) {
      const key = KITS[(s.b + i) % 2]!;
      const stock = (s.c + i) % 2;
      const bucket = this.buckets[stock]!;
      const units = (s.d + i) % 5 === 0 ? this.model.available(key, bucket) + 1 : 1 + ((s.d + i) % 2);
      const added = await this.api('sales', 'POST', '/api/quote/item', {
        quote_id: quoteId,
        productId: this.product(key).id,
        condition: stock ? 'B_STOCK' : 'NEW',
        number_units: Math.max(1, units),
      });
      if (added.status !== 201) this.fail(`quote/item: ${added.status} ${added.text}`);
      items.push({ key, bucket, units: Math.max(1, units) });
    }
    // Each line in turn: the units free in its bucket (on-hand less open commitments, less what earlier lines took)
    // become a committed sale, the rest a backordered one that reserves nothing (docs/decisions.md "Backorders from quotes").
    const taking = new Map<string, number>();
    const split = items.map((item) => {
      const k = LedgerModel.key(item.key, item.bucket);
      const free = Math.max(0, this.model.available(item.key, item.bucket) - (taking.get(k) ?? 0));
      const inStock = Math.min(item.units, free);
      taking.set(k, (taking.get(k) ?? 0) + inStock);
      return { ...item, inStock, short: item.units - inStock };
    });
    const res = await this.api('sales', 'GET', `/api/quote/convertToOrder/${quoteId}?location=${this.loc}`);
    this.expectAnswer(
      res,
      true,
      `convert a quote of ${items.map((i) => `${i.units} ${i.key} from ${i.bucket}`).join(', ')}`,
    );
    const order = res.body as Json;
    (order.items as Json[]).forEach((item: Json, i: number) => {
      const mine = split[i]!;
      if (item.source_bucket !== mine.bucket)
        this.fail(`quote conversion: item ${i} from ${item.source_bucket}, the model ${mine.bucket}`);
      if (item.backordered_units !== mine.short)
        this.fail(`quote conversion: item ${i} backordered ${item.backordered_units}, the model ${mine.short}`);
      const sale = {
        invoice: order.work_order_number,
        product: mine.key,
        bucket: mine.bucket,
        serials: [],
        pickItemId: null,
        picked: false,
      };
      if (mine.inStock > 0)
        this.model.sales.push({ ...sale, ref: item.committed_sale_reference, quantity: mine.inStock });
      if (mine.short > 0)
        this.model.sales.push({ ...sale, ref: item.backorder_reference, quantity: mine.short, backordered: true });
    });
    return 'taken';
  }

  private async pick(s: Step): Promise<Outcome> {
    if (!this.model.sales.length) return 'skipped';
    const sale = this.model.sales[s.a % this.model.sales.length]!;
    if (sale.pickItemId === null) {
      const onHand = this.model.qty(sale.product, sale.bucket);
      // A backorder is no pick item until it is transacted.
      const taken = !sale.backordered && onHand > 0 && onHand >= sale.quantity;
      const res = await this.api('floor', 'POST', '/api/picklist/items', {
        items: [{ imsTransactionReferenceId: sale.ref }],
      });
      this.expectAnswer(
        res,
        taken,
        `print ${sale.ref} (${sale.quantity} ${sale.product} from ${sale.bucket}, on hand ${onHand})`,
      );
      if (!taken) return 'refused';
      sale.pickItemId = (res.body as Json)[0].id;
      if (s.b % 3 === 0) return 'taken';
    }
    // The pick: from a bin (one of the bucket's, or of the other bucket now and then), or from no bin.
    const bins = this.model.bins.filter((b) => (s.c % 5 === 0 ? b.bucket !== sale.bucket : b.bucket === sale.bucket));
    const bin = s.d % 4 === 0 || !bins.length ? null : bins[s.d % bins.length]!;
    const taken =
      !sale.picked &&
      (bin === null || (bin.bucket === sale.bucket && this.model.inBin(bin.id, sale.product) >= sale.quantity));
    const res = await this.api('floor', 'POST', `/api/ims/picklist/item/${sale.pickItemId}/pick`, {
      pickedBy: 'model',
      ...(bin ? { actualPickedBinId: bin.id } : {}),
    });
    this.expectAnswer(
      res,
      taken,
      `pick ${sale.ref} (${sale.quantity} ${sale.product}) from ${bin ? `${bin.name} of ${bin.bucket} holding ${this.model.inBin(bin.id, sale.product)}` : 'no bin'}${sale.picked ? ', picked already' : ''}`,
    );
    if (!taken) return 'refused';
    sale.picked = true;
    if (bin) this.model.setBin(bin.id, sale.product, this.model.inBin(bin.id, sale.product) - sale.quantity);
    return 'taken';
  }

  private async binChange(s: Step, adding: boolean): Promise<Outcome> {
    const bin = this.model.bins[s.a % this.model.bins.length]!;
    const key = PRODUCT_KEYS[s.b % 3]!;
    const quantity = 1 + (s.c % 3);
    const taken = adding
      ? this.model.binned(key, bin.bucket) + quantity <= this.model.qty(key, bin.bucket)
      : this.model.inBin(bin.id, key) >= quantity;
    const res = await this.api('floor', 'PUT', `/api/ims/bins/${bin.id}/items`, {
      isAdding: adding,
      items: [{ upc: this.product(key).upc, updateQty: quantity }],
      submittedBy: 'model',
    });
    this.expectAnswer(
      res,
      taken,
      `${adding ? 'add' : 'remove'} ${quantity} ${key} ${adding ? 'to' : 'from'} ${bin.name} (${bin.bucket}: on hand ${this.model.qty(key, bin.bucket)}, bins ${this.model.binned(key, bin.bucket)}, this bin ${this.model.inBin(bin.id, key)})`,
    );
    if (!taken) return 'refused';
    this.model.setBin(bin.id, key, this.model.inBin(bin.id, key) + (adding ? quantity : -quantity));
    return 'taken';
  }

  private async auditStart(s: Step): Promise<Outcome> {
    if (this.model.audits.length >= 2) return 'skipped';
    const key = KITS[s.a % 2]!;
    const bucket = this.buckets[s.b % 2]!;
    if (this.model.audits.some((a) => a.product === key && a.bucket === bucket)) return 'skipped';
    const batch = await this.api('lead', 'POST', '/api/audit-scans', {
      audit_batch_name: `Model ${this.loc} ${++this.sequence}`,
      default_audit_bucket: bucket,
    });
    if (batch.status >= 300) this.fail(`audit batch: ${batch.status} ${batch.text}`);
    const batchId = (batch.body as Json).audit_batch_id as number;
    const res = await this.api('lead', 'POST', '/api/audit-adjustments/request', {
      model: this.product(key).modelNumber,
      auditBucket: bucket,
      auditBatchId: batchId,
      auditTypeCode: NON,
    });
    this.expectAnswer(res, true, `start an audit of ${key} in ${bucket}`);
    const item = (res.body as Json).audit_item;
    if (item.recorded_qty_at_start_of_tally !== this.model.qty(key, bucket))
      this.fail(
        `audit start: recorded ${item.recorded_qty_at_start_of_tally}, the model ${this.model.qty(key, bucket)}`,
      );
    this.model.audits.push({
      ref: (res.body as Json).ims_transaction_reference_id,
      product: key,
      bucket,
      recordedAtStart: this.model.qty(key, bucket),
      tallied: 0,
      finished: false,
      batchId,
    } as ModelAudit & { batchId: number });
    return 'taken';
  }

  private auditOf(s: Step): (ModelAudit & { batchId: number }) | null {
    const audits = this.model.audits as (ModelAudit & { batchId: number })[];
    return audits.length ? audits[s.a % audits.length]! : null;
  }

  private auditBody(a: ModelAudit & { batchId: number }) {
    return {
      model: this.product(a.product as ProductKey).modelNumber,
      auditBucket: a.bucket,
      auditBatchId: a.batchId,
      auditTypeCode: NON,
      transactionReferenceId: a.ref,
    };
  }

  private async auditScan(s: Step): Promise<Outcome> {
    const a = this.auditOf(s);
    if (!a) return 'skipped';
    const units = 1 + (s.b % 3);
    for (let i = 0; i < units; i++) {
      const res = await this.api('lead', 'POST', '/api/audit-adjustments/quick-add-scanned-item', {
        ...this.auditBody(a),
        scannedUpc: this.product(a.product as ProductKey).upc,
      });
      this.expectAnswer(res, !a.finished, `tally ${a.ref}${a.finished ? ' (finished)' : ''}`);
      if (a.finished) return 'refused';
      a.tallied += 1;
      if ((res.body as Json).tallied_quantity !== a.tallied)
        this.fail(`tally ${a.ref}: ${(res.body as Json).tallied_quantity}, the model ${a.tallied}`);
    }
    return 'taken';
  }

  private async auditFinish(s: Step): Promise<Outcome> {
    const a = this.auditOf(s);
    if (!a) return 'skipped';
    const res = await this.api('lead', 'POST', '/api/audit-adjustments/request', this.auditBody(a));
    this.expectAnswer(res, !a.finished, `finish the tally of ${a.ref}${a.finished ? ' (finished already)' : ''}`);
    if (a.finished) return 'refused';
    a.finished = true;
    return 'taken';
  }

  private async auditResolve(s: Step): Promise<Outcome> {
    const a = this.auditOf(s);
    if (!a) return 'skipped';
    const review = await this.api('lead', 'GET', `/api/audit-adjustments/${a.ref}/review`);
    if (review.status !== 200) this.fail(`review ${a.ref}: ${review.status} ${review.text}`);
    const r = review.body as Json;
    const delta = a.tallied - a.recordedAtStart;
    const onHand = this.model.qty(a.product, a.bucket);
    if (
      r.adjustment_quantity !== delta ||
      r.current_on_hand !== onHand ||
      r.expected_quantity !== a.recordedAtStart ||
      r.actual_tallied_quantity !== a.tallied
    ) {
      this.fail(
        `review ${a.ref}: ${JSON.stringify({ adjustment: r.adjustment_quantity, on_hand: r.current_on_hand, expected: r.expected_quantity, tallied: r.actual_tallied_quantity })}, the model ${JSON.stringify({ delta, onHand, expected: a.recordedAtStart, tallied: a.tallied })}`,
      );
    }
    // Taken even when it overdraws the bucket (tallied below what left during the tally): the spec lets audits do that.
    const taken = true;
    const res = await this.api('admin', 'POST', `/api/audit-adjustments/${a.ref}/resolve`, {
      submitNotes: 'model count',
    });
    this.expectAnswer(
      res,
      taken,
      `resolve ${a.ref} (${a.product} in ${a.bucket}: on hand ${onHand}, adjustment ${delta})`,
    );
    if (!taken) return 'refused';
    this.model.audits.splice(this.model.audits.indexOf(a), 1);
    if (delta !== 0) this.model.addOnHand(a.product, a.bucket, delta);
    return 'taken';
  }

  private async adminAdjust(s: Step): Promise<Outcome> {
    const key = PRODUCT_KEYS[s.a % 3]!;
    const bucket = this.buckets[s.b % 2]!;
    const old = this.model.qty(key, bucket);
    // Around the current figure (sometimes unchanged: refused), sometimes below what the bins hold.
    const target = s.c % 4 === 0 ? Math.max(0, this.model.binned(key, bucket) - 1) : Math.max(0, old + (s.d % 5) - 2);
    // Below what the bins hold is taken too: the bins release the excess (the bin rule).
    const taken = target !== old;
    const res = await this.api('admin', 'PUT', '/api/ims/audit-adjustments', {
      model: this.product(key).modelNumber,
      legacyBucket: bucket,
      notes: 'model adjustment',
      quantity: target,
    });
    this.expectAnswer(
      res,
      taken,
      `adjust ${key} in ${bucket} from ${old} to ${target} (bins hold ${this.model.binned(key, bucket)})`,
    );
    if (!taken) return 'refused';
    this.model.addOnHand(key, bucket, target - old);
    return 'taken';
  }

  // ---- the comparison ----

  /** The product's answers against the model: on-hand and reservations, bin contents, live serials, and the ledger check. */
  async verify(options: { lines?: boolean; releases?: boolean } = {}): Promise<void> {
    for (const key of PRODUCT_KEYS) {
      const res = await this.api(
        'floor',
        'GET',
        `/api/ims/inventory/product/preview?model=${encodeURIComponent(this.product(key).modelNumber)}`,
      );
      if (res.status !== 200) this.fail(`preview ${key}: ${res.status} ${res.text}`);
      const rows = new Map(((res.body as Json).inventory as Json[]).map((r: Json) => [r.bucket as string, r]));
      for (const bucket of this.buckets) {
        const row = rows.get(bucket);
        const got = { onHand: row?.quantity ?? 0, committed: row?.committed_quantity ?? 0 };
        const want = { onHand: this.model.qty(key, bucket), committed: this.model.reserved(key, bucket) };
        if (got.onHand !== want.onHand || got.committed !== want.committed)
          this.fail(`${key} in ${bucket}: the product ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
      }
      for (const [bucket, row] of rows)
        if (!this.buckets.includes(bucket) && row.quantity !== 0)
          this.fail(`${key} in ${bucket}: ${row.quantity}, the model none`);
    }
    const bins = await this.api('floor', 'GET', `/api/ims/bins?locationCode=${this.loc}&includeItems=1&perPage=100`);
    if (bins.status !== 200) this.fail(`bins: ${bins.status} ${bins.text}`);
    for (const bin of (bins.body as Json).data as Json[]) {
      const got = Object.fromEntries(
        (bin.items as Json[])
          .filter((i: Json) => i.quantity !== 0)
          .map((i: Json) => [this.productKeyById.get(i.productId) ?? i.model, i.quantity]),
      );
      const want = Object.fromEntries(
        [...(this.model.binItems.get(bin.id) ?? new Map<string, number>())].filter(([, n]) => n > 0).sort(),
      );
      if (JSON.stringify(Object.fromEntries(Object.entries(got).sort())) !== JSON.stringify(want))
        this.fail(
          `bin ${bin.binName} (${bin.conditionCode}): the product ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`,
        );
    }
    const serials = await this.api('floor', 'GET', `/api/inventory-serials/search?serial=${this.loc}S`);
    if (serials.status !== 200) this.fail(`serial search: ${serials.status} ${serials.text}`);
    const live = new Map(
      ((serials.body as Json).data as Json[])
        .filter((r: Json) => r.disposition_code === 'LIVE')
        .map((r: Json) => [
          r.serial_number as string,
          r.condition_code === 'NEW' ? r.location_code : `${r.location_code}_${r.condition_code}`,
        ]),
    );
    const modelLive = new Map(
      [...this.model.serials].flatMap(([n, place]) =>
        'bucket' in place ? [[n, place.bucket] as [string, string]] : [],
      ),
    );
    if (JSON.stringify([...live].sort()) !== JSON.stringify([...modelLive].sort()))
      this.fail(
        `live serials: the product ${JSON.stringify([...live].sort())}, the model ${JSON.stringify([...modelLive].sort())}`,
      );
    const check = await this.api('developer', 'GET', '/api/ledger/check');
    if (check.status !== 200 || !(check.body as Json).clean)
      this.fail(`ledger check: ${check.status} ${check.text.slice(0, 1500)}`);
    if (options.lines) await this.verifyLines();
    if (options.releases) await this.verifyReleases();
  }

  /** Each PO line's received count, and every serial's newest place (sold, un-received …), read once. */
  async verifyLines(): Promise<void> {
    for (const line of this.model.lines) {
      const full = await this.options.services.purchaseOrders.getFull(line.poId);
      const got = full.data.PO_LINES.find((l) => l.id === line.lineId)?.qty_received;
      if (got !== line.received)
        this.fail(`PO line ${line.lineId} (${line.product}): received ${got}, the model ${line.received}`);
    }
    const rows = await queryRows<{ serial_number: string; disposition_code: string; bucket: string | null }>(
      this.options.db,
      sql`select distinct on (upper(serial_number)) serial_number, disposition_code, bucket from inventory_serials
          where product_id = ${this.product('TV').id} order by upper(serial_number), (disposition_code = 'LIVE') desc, id desc`,
    );
    const got = Object.fromEntries(
      rows.map((r) => [r.serial_number, r.disposition_code === 'LIVE' ? r.bucket : r.disposition_code]),
    );
    const want = Object.fromEntries(
      [...this.model.serials].map(([n, place]) => [n, 'bucket' in place ? place.bucket : place.gone]),
    );
    if (JSON.stringify(Object.entries(got).sort()) !== JSON.stringify(Object.entries(want).sort()))
      this.fail(`serial places: the product ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
  }

  /** The RELEASE bin movements the bin rule made, per bin and product, against the model's. */
  async verifyReleases(): Promise<void> {
    const ids = this.model.bins.map((b) => b.id);
    const rows = await queryRows<{ bin_id: number; product_id: number; units: number }>(
      this.options.db,
      sql`select bin_id, product_id, -sum(quantity_delta)::int as units from bin_movements
          where reason = 'RELEASE' and bin_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int) group by bin_id, product_id`,
    );
    const got = Object.fromEntries(
      rows.map((r) => [`${r.bin_id}|${this.productKeyById.get(r.product_id)}`, Math.abs(r.units)]),
    );
    const want = Object.fromEntries(this.model.released);
    if (JSON.stringify(Object.entries(got).sort()) !== JSON.stringify(Object.entries(want).sort()))
      this.fail(`RELEASE bin movements: the product ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
  }

  /** Where the time went: the step kinds by milliseconds spent, slowest first. */
  timing(): string {
    return [...this.millis]
      .sort(([, a], [, b]) => b - a)
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
  }

  /** A one-line account of what the run did, e.g. `receive 40/3/0 (taken/refused/skipped) …`. */
  summary(): string {
    return STEP_KINDS.map(
      (k) =>
        `${k} ${this.counts.get(`${k}:taken`) ?? 0}/${this.counts.get(`${k}:refused`) ?? 0}/${this.counts.get(`${k}:skipped`) ?? 0}`,
    ).join(', ');
  }
}
