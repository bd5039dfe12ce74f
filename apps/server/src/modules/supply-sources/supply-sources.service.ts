import {
  SUPPLY_SOURCE_MESSAGES,
  supplySourceRuleErrors,
  type TOperatingHoursByDay,
  type TSupplySourceDetails,
  type TSupplySourceStatus,
  type ZUpdateSupplySourceSchema,
  type ZUpdateSupplySourceStatusSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import { HttpError, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import type { ServiceLog } from '../service-log.js';
import { EmbeddedSupplySourceGateway } from './embedded-supply-source-gateway.js';
import {
  SupplySourceGatewayError,
  SupplySourceRejectedError,
  type SupplySource,
  type SupplySourceGateway,
} from './supply-source-gateway.js';

type TUpdate = z.output<typeof ZUpdateSupplySourceSchema>;
type TUpdateStatus = z.output<typeof ZUpdateSupplySourceStatusSchema>;

/** Our answer's shape (002 §7) from a gateway's supply source. */
export function toDetailsDto(source: SupplySource): TSupplySourceDetails {
  return {
    supplySourceId: source.supplySourceId,
    supplySourceCode: source.supplySourceCode,
    alias: source.alias,
    status: source.status,
    capabilities: {
      outbound: {
        pickupChannel: {
          inventoryHoldPeriod: { value: source.inventoryHoldPeriod, timeUnit: 'Days' },
          operationalConfiguration: { handlingTime: { value: source.handlingTime, timeUnit: 'Hours' } },
        },
        operationalConfiguration: { operatingHoursByDay: source.operatingHoursByDay },
      },
    },
  };
}

const badGateway = (message: string, reason: string, field = 'supplySource') =>
  new HttpError(502, message, { [field]: [reason] });

/**
 * Supply sources (002 §4, §5, §7, §8): the §5 rules, then the gateway (embedded or Amazon's
 * Selling Partner API). A marketplace that cannot be asked answers 502 with the spec's fetch message.
 */
export class SupplySourcesService {
  constructor(
    private readonly gateway: SupplySourceGateway,
    private readonly log?: ServiceLog,
  ) {}

  get gatewayKind(): SupplySourceGateway['kind'] {
    return this.gateway.kind;
  }

  async details(locationCode: string): Promise<TSupplySourceDetails> {
    const message = SUPPLY_SOURCE_MESSAGES.fetchFailed(locationCode);
    let source: SupplySource | null;
    try {
      source = await this.gateway.findByLocation(locationCode);
    } catch (error) {
      if (!(error instanceof SupplySourceGatewayError)) throw error;
      this.log?.warn({ err: error, locationCode }, 'supply source fetch failed');
      throw badGateway(message, error.message, 'location');
    }
    if (!source) throw new HttpError(404, message, { location: [`No supply source has the code ${locationCode}.`] });
    return toDetailsDto(source);
  }

  private async existing(supplySourceId: string): Promise<SupplySource> {
    let source: SupplySource | null;
    try {
      source = await this.gateway.get(supplySourceId);
    } catch (error) {
      if (!(error instanceof SupplySourceGatewayError)) throw error;
      throw badGateway(`The supply source could not be read: ${error.message}`, error.message);
    }
    if (!source) throw notFound(SUPPLY_SOURCE_MESSAGES.unknownSupplySource);
    return source;
  }

  private async write<T>(what: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof SupplySourceRejectedError)
        throw unprocessable(SUPPLY_SOURCE_MESSAGES.invalid, { supplySource: [error.message] });
      if (!(error instanceof SupplySourceGatewayError)) throw error;
      this.log?.warn({ err: error }, `supply source ${what} failed`);
      throw badGateway(`The supply source could not be ${what}: ${error.message}`, error.message);
    }
  }

  /** POST details: the §5 rules (422 naming each field, operatingHoursByDay.{weekday} per day), then the save. */
  async update(input: TUpdate, user: AuthUser | null): Promise<TSupplySourceDetails> {
    const errors = supplySourceRuleErrors(input);
    if (errors) throw unprocessable(SUPPLY_SOURCE_MESSAGES.invalid, errors);
    const current = await this.existing(input.supplySourceId);
    const hours = Object.fromEntries(
      Object.entries(input.operatingHoursByDay).map(([d, entries]) => [
        d,
        entries.map((e) => ({ startTime: e.startTime, endTime: e.endTime })),
      ]),
    ) as TOperatingHoursByDay;
    const changes = {
      alias: input.alias.trim(),
      inventoryHoldPeriod: input.inventoryHoldPeriod,
      handlingTime: input.handlingTime,
      operatingHoursByDay: hours,
    };
    await this.write('saved', () => this.gateway.update(current.supplySourceId, changes, user?.id ?? null));
    if (input.status && input.status !== current.status)
      await this.write('saved', () => this.gateway.setStatus(current.supplySourceId, input.status!, user?.id ?? null));
    return toDetailsDto(await this.existing(current.supplySourceId));
  }

  /** POST status: sets the status given (the screen sends the toggled one: Active ↔ Inactive). */
  async setStatus(
    input: TUpdateStatus,
    user: AuthUser | null,
  ): Promise<{ message: string; details: TSupplySourceDetails }> {
    const current = await this.existing(input.supplySourceId);
    await this.write('changed', () =>
      this.gateway.setStatus(current.supplySourceId, input.status as TSupplySourceStatus, user?.id ?? null),
    );
    const details = toDetailsDto(await this.existing(current.supplySourceId));
    return { message: SUPPLY_SOURCE_MESSAGES.statusChanged(details.status), details };
  }

  /** The embedded store's "create" (demo data, tests); null with the real gateway or an unknown location. */
  async provisionEmbedded(
    input: Parameters<EmbeddedSupplySourceGateway['provision']>[0],
  ): Promise<TSupplySourceDetails | null> {
    if (!(this.gateway instanceof EmbeddedSupplySourceGateway)) return null;
    const source = await this.gateway.provision(input);
    return source ? toDetailsDto(source) : null;
  }
}
