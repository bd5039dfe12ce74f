import { addDays, EXCLUDED_VENDOR_ID, PO_STATUS, PO_STATUSES, purchaseRefIdFor } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { PurchaseOrdersRepository } from '../purchase-orders/purchase-orders.repository.js';
import { PoFigures } from '../ledger/po-figures.repository.js';
import { VendorsRepository } from '../vendors/vendors.repository.js';
import { createRandom, DEMO_BRANDS } from './demo-catalogue.js';

/** Vendors of the demo: the manufacturers of the catalogue's brands (most can take EDI), distributors, service vendors. */
export const DEMO_VENDORS = [
  ...[...new Set(DEMO_BRANDS.map((b) => b.manufacturer))].map((name, i) => ({
    company_name: name,
    vendor_type: 'sales' as const,
    edi: i % 4 !== 3,
    brands: DEMO_BRANDS.filter((b) => b.manufacturer === name).map((b) => b.code),
  })),
  ...[
    'BrandSource',
    'Nationwide Marketing Group',
    'D&H Distributing',
    'Almo Corporation',
    'Purcell Murray',
    'Roth Distributing',
    'AVB Marketing',
  ].map((name) => ({
    company_name: name,
    vendor_type: 'sales' as const,
    edi: false,
    brands: [] as string[],
  })),
  ...['XPO Last Mile', 'Pilot Freight Services', 'ABC Appliance Repair', 'Metro Haul-Away Services'].map((name) => ({
    company_name: name,
    vendor_type: 'service' as const,
    edi: false,
    brands: [] as string[],
  })),
];

const REPS = [
  'Dana Whitfield',
  'Marcus Lee',
  'Priya Natarajan',
  'Tom Okafor',
  'Lena Fischer',
  'Carlos Ruiz',
  'Amy Tran',
  'Jordan Blake',
];
const CITIES = [
  ['Louisville', 'KY', '40225'],
  ['Benton Harbor', 'MI', '49022'],
  ['Ridgefield Park', 'NJ', '07660'],
  ['Englewood Cliffs', 'NJ', '07632'],
  ['Charlotte', 'NC', '28262'],
  ['Irvine', 'CA', '92618'],
  ['Madison', 'WI', '53719'],
  ['Ripon', 'WI', '54971'],
] as const;

const statusId = (name: string) => PO_STATUSES.find((s) => s.status_name === name)!.id;

export interface DemoPurchasingSummary {
  vendors: number;
  purchaseOrders: number;
  lines: number;
}

/**
 * Vendors (with vendor 127, the internal stock-transfer vendor the lists leave out), default terms, and a few
 * hundred POs over the past year in the statuses of a PO's life before receiving (demo-receipts.ts then receives
 * some through the receiving service), some legacy ones and some with colliding numbers. Deterministic.
 */
export async function loadDemoPurchasing(
  db: Database,
  products: { id: number; brandCode: string; costCents: number }[],
  userIds: number[],
  today: string,
): Promise<DemoPurchasingSummary> {
  const random = createRandom(7_20261121);
  return db.transaction(async (tx) => {
    const vendorsRepo = new VendorsRepository(tx);
    const terms = await vendorsRepo.listTerms();
    const vendorRows: { id: number; brands: string[] }[] = [];
    for (const [i, v] of DEMO_VENDORS.entries()) {
      const [city, state, zip] = CITIES[i % CITIES.length]!;
      const slug = v.company_name.toLowerCase().replace(/[^a-z0-9]+/g, '');
      const row = await vendorsRepo.insert({
        companyName: v.company_name,
        vendorType: v.vendor_type,
        rep: REPS[i % REPS.length]!,
        repEmail: `orders@${slug.slice(0, 20)}.example`,
        repPhone: `800-555-${String(1000 + i * 37).slice(-4)}`,
        dealerNumber: `D${String(40_000 + i * 113)}`,
        programName: i % 3 === 0 ? 'National Program' : 'Default',
        address: `${100 + i * 17} Industrial Pkwy`,
        city,
        state,
        zip,
        country: 'US',
        ediInterchangeId: v.edi ? slug.toUpperCase().slice(0, 15) : null,
        ediQualifier: v.edi ? 'ZZ' : null,
      });
      await vendorsRepo.setDefaultTerms(row.id, [terms[i % 3]!.id, terms[(i % 3) + 5]!.id]);
      vendorRows.push({ id: row.id, brands: v.brands });
    }
    await vendorsRepo.insertWithId(EXCLUDED_VENDOR_ID, {
      companyName: 'Stock Transfer (Internal)',
      vendorType: 'service',
      programName: 'Default',
    });

    const byBrand = new Map<string, typeof products>();
    for (const p of products) byBrand.set(p.brandCode, [...(byBrand.get(p.brandCode) ?? []), p]);
    const plan: [string, number][] = [
      [PO_STATUS.new, 25],
      [PO_STATUS.building, 35],
      [PO_STATUS.orderSent, 45],
      [PO_STATUS.orderConfirmed, 45],
      [PO_STATUS.complete, 120],
      [PO_STATUS.cancelled, 15],
    ];
    const locations = ['KY01', 'KY01', 'TX01', 'AZ02', 'AZ02', 'RUBY'];
    const carriers = ['UPS Freight', 'XPO Logistics', 'Estes', 'FedEx Freight', 'R+L Carriers'];
    const orders: {
      values: Parameters<PurchaseOrdersRepository['insertMany']>[0][number];
      lines: { productId: number; costCents: number; qty: number; arrival: string }[];
    }[] = [];
    for (const [status, count] of plan) {
      for (let n = 0; n < count; n++) {
        const vendor = random.pick(vendorRows.filter((v) => v.brands.length));
        const age =
          status === PO_STATUS.complete
            ? random.int(40, 365)
            : status === PO_STATUS.new || status === PO_STATUS.building
              ? random.int(0, 20)
              : random.int(5, 60);
        const created = addDays(today, -age);
        const sent = status !== PO_STATUS.new && status !== PO_STATUS.building;
        const pool = vendor.brands.flatMap((b) => byBrand.get(b) ?? []);
        const lineCount = status === PO_STATUS.new ? random.int(0, 3) : random.int(1, 8);
        const picked = new Set<number>();
        const lines = [];
        for (let l = 0; l < lineCount && pool.length; l++) {
          const p = random.pick(pool);
          if (picked.has(p.id)) continue;
          picked.add(p.id);
          lines.push({
            productId: p.id,
            costCents: Math.round(p.costCents * (random.chance(0.3) ? 0.95 : 1)),
            qty: random.int(1, 12),
            arrival: addDays(created, random.int(10, 35)),
          });
        }
        const legacy = random.chance(0.12);
        orders.push({
          values: {
            purchaseRefId: 'pending',
            legacyPoNumber: legacy ? `L-${random.int(20_000, 89_999)}` : null,
            createdAt: new Date(
              `${created}T${String(random.int(13, 22)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`,
            ),
            createdBy: random.pick(userIds),
            imsLocationCode: random.pick(locations),
            vendorId: vendor.id,
            statusId: statusId(status),
            purchaseTermsId: random.pick(terms).id,
            carrierName: sent ? random.pick(carriers) : null,
            trackingNumber: sent && random.chance(0.6) ? `PRO${random.int(10_000_000, 99_999_999)}` : null,
            vendorOrderId: sent ? `SO-${random.int(100_000, 999_999)}` : null,
            paid: status === PO_STATUS.complete && random.chance(0.7),
            isAts: random.chance(0.1),
            dfiDiscountPercentage: random.chance(0.3) ? random.pick(['1.00', '2.00', '2.50', '3.00']) : '0',
            requestedDeliveryDate: addDays(created, 21),
            sentViaEdi: sent && random.chance(0.5),
            confirmedAt:
              status === PO_STATUS.orderConfirmed || status === PO_STATUS.complete
                ? new Date(`${addDays(created, 2)}T15:00:00Z`)
                : null,
            finishedAt: status === PO_STATUS.complete ? new Date(`${addDays(created, 30)}T18:00:00Z`) : null,
            notes: random.chance(0.2)
              ? random.pick([
                  'Call before delivery.',
                  'Dock 3 only.',
                  'Split shipment approved by vendor.',
                  'Promo pricing through month end.',
                ])
              : null,
          },
          lines,
        });
      }
    }
    orders.sort((a, b) => a.values.createdAt!.getTime() - b.values.createdAt!.getTime());
    const poRepo = new PurchaseOrdersRepository(tx);
    const ids = await poRepo.insertMany(orders.map((o) => o.values));
    let lineCount = 0;
    for (const [i, id] of ids.entries()) {
      // Most numbers carry the W; a few imported without it and without a legacy number collide (000 §2).
      const collides = !orders[i]!.values.legacyPoNumber && i % 37 === 5;
      await poRepo.update(id, { purchaseRefId: collides ? String(100_000 + id) : purchaseRefIdFor(id) });
      await poRepo.insertItems(
        orders[i]!.lines.map((l) => ({
          purchaseOrderId: id,
          productId: l.productId,
          invoiceCostCents: l.costCents,
          qtyOrdered: l.qty,
          expectedArrivalDate: l.arrival,
        })),
      );
      lineCount += orders[i]!.lines.length;
    }
    await new PoFigures(tx).recomputeAllTotals();
    return { vendors: vendorRows.length + 1, purchaseOrders: ids.length, lines: lineCount };
  });
}
