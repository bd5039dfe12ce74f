import type { TShippingTransaction } from '@keystone/contracts';

/**
 * The embedded sample data set (000 §9): about 200 carrier shipping-charge reconciliation rows, mostly one carrier
 * (UPS, a few FedEx), warehouses KY01 and Carver, shipped late April to May 2020, with the results seen in the sample
 * (Matched; Not Matched - In Our Favor; Not Matched - Outside Acceptable Threshold; Unable to find matching gray box).
 * Served instead of the database when the 'Use Mock Data' flag is on (role-editor:view). Built by a fixed generator so
 * it is the same on every start and in every test. Nothing in it is ever paid: it lives outside the database.
 */
export const MOCK_SAMPLE_SIZE = 200;

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const dollars = (cents: number) => Number((cents / 100).toFixed(2));

function build(): TShippingTransaction[] {
  const random = seeded(20200420);
  const rows: TShippingTransaction[] = [];
  const start = Date.UTC(2020, 3, 20); // 2020-04-20
  for (let i = 0; i < MOCK_SAMPLE_SIZE; i += 1) {
    const fedex = i % 12 === 5;
    const shipCompany = fedex ? 'FedEx' : 'UPS';
    const trackingNumber = fedex
      ? String(7_712_300_000_00 + i * 7919).padStart(12, '0')
      : `1Z8V${String(4_100_000 + i * 37).padStart(8, '0')}03${String(i % 100).padStart(2, '0')}`;
    const date = new Date(start + Math.floor((i / MOCK_SAMPLE_SIZE) * 41) * 86_400_000).toISOString().slice(0, 10);
    const warehouse = random() < 0.7 ? 'KY01' : 'Carver';
    const quoteCents = 800 + Math.floor(random() * 9000);
    const roll = random();
    let billedCents = quoteCents;
    let result: string;
    let quote: string | null = (quoteCents / 100).toFixed(2);
    let po: string | null = `FPO-${String(520_000 + i * 3)}`;
    if (roll < 0.55) {
      result = 'Matched';
    } else if (roll < 0.75) {
      billedCents = quoteCents - (25 + Math.floor(random() * 600));
      result = 'Not Matched - In Our Favor';
    } else if (roll < 0.92) {
      billedCents = quoteCents + 300 + Math.floor(random() * 2500);
      result = 'Not Matched - Outside Acceptable Threshold';
    } else {
      result = 'Unable to find matching gray box';
      billedCents = 900 + Math.floor(random() * 4000);
      quote = null;
      po = null;
    }
    rows.push({
      tracking_number: trackingNumber,
      fulfillment_po_number: po,
      date_shipped: date,
      ship_company: shipCompany,
      fulfillment_warehouse: result === 'Unable to find matching gray box' ? null : warehouse,
      shipping_quote: quote,
      shipping_cost_billed: null,
      shipping_cost_paid: null,
      reported_billed_charge: dollars(billedCents),
      reconciled_difference: quote === null ? null : dollars(billedCents - quoteCents),
      reconciliation_result: result,
    });
  }
  return rows;
}

let sample: TShippingTransaction[] | null = null;

/** The sample's rows (the same array every call: callers must not change it). */
export function mockSample(): readonly TShippingTransaction[] {
  sample ??= build();
  return sample;
}
