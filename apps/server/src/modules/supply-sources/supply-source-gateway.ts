import type { TOperatingHoursByDay, TSupplySourceStatus } from '@keystone/contracts';

/**
 * The marketplace's supply sources behind one small interface (docs/decisions.md, "Supply sources"): the embedded default keeps them
 * in our database (`embedded-supply-source-gateway.ts`), the real one calls Amazon's Selling Partner API Supply
 * Sources v2020-07-01 (`sp-api-supply-source-gateway.ts`), chosen by configuration (`createSupplySourceGateway`).
 */

/** A supply source as our API needs it, whatever the gateway. Hold period in days, handling time in hours. */
export interface SupplySource {
  supplySourceId: string;
  /** The seller's code: our location code. */
  supplySourceCode: string;
  alias: string;
  status: 'Active' | 'Inactive' | 'Archived';
  inventoryHoldPeriod: number | null;
  handlingTime: number | null;
  operatingHoursByDay: TOperatingHoursByDay;
}

export interface SupplySourceChanges {
  alias: string;
  inventoryHoldPeriod: number;
  handlingTime: number;
  operatingHoursByDay: TOperatingHoursByDay;
}

export interface SupplySourceGateway {
  /** Which implementation: shown in logs and tests. */
  readonly kind: 'embedded' | 'sp-api';
  /** The supply source whose code is the location code, or null when there is none. */
  findByLocation(locationCode: string): Promise<SupplySource | null>;
  /** One supply source by its id, or null when there is none. */
  get(supplySourceId: string): Promise<SupplySource | null>;
  update(supplySourceId: string, changes: SupplySourceChanges, userId: number | null): Promise<void>;
  setStatus(supplySourceId: string, status: TSupplySourceStatus, userId: number | null): Promise<void>;
}

/**
 * The marketplace could not be asked or refused the call (token refused, not reachable, timed out, 5xx, an answer
 * we cannot read). `status` is the marketplace's HTTP status when it answered.
 */
export class SupplySourceGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SupplySourceGatewayError';
  }
}

/** The marketplace refused the input of an update (its 400): answered as 422. */
export class SupplySourceRejectedError extends SupplySourceGatewayError {
  constructor(message: string) {
    super(message, 400);
    this.name = 'SupplySourceRejectedError';
  }
}

/** Every weekday closed: what a supply source that names no hours has. */
export function closedWeek(): TOperatingHoursByDay {
  const closed = () => [{ startTime: '00:00', endTime: '00:00' }];
  return {
    monday: closed(),
    tuesday: closed(),
    wednesday: closed(),
    thursday: closed(),
    friday: closed(),
    saturday: closed(),
    sunday: closed(),
  };
}
