import { z } from 'zod';
import {
  SUPPLY_SOURCE_WEEKDAYS,
  type TOperatingHour,
  type TOperatingHoursByDay,
  type TSupplySourceStatus,
} from '@keystone/contracts';
import {
  closedWeek,
  SupplySourceGatewayError,
  SupplySourceRejectedError,
  type SupplySource,
  type SupplySourceChanges,
  type SupplySourceGateway,
} from './supply-source-gateway.js';

/**
 * Amazon's Selling Partner API, Supply Sources v2020-07-01, over HTTPS (docs/decisions.md, "Supply sources"). Each call carries an
 * access token from Login with Amazon (a refresh-token grant, cached until a minute before it expires) in the
 * `x-amz-access-token` header. A location's supply source is the one whose supplySourceCode is the location code.
 * Updates read the supply source first and change only our fields in its configuration and capabilities, so the
 * marketplace's other settings (contact details, delivery channel, isSupported flags) stay as they are.
 */
export interface SpApiOptions {
  /** e.g. https://sellingpartnerapi-na.amazon.com */
  endpoint: string;
  /** e.g. https://api.amazon.com/auth/o2/token */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Each HTTP call's time limit. */
  timeoutMs: number;
  /** For tests: the clock the token cache reads. */
  now?: () => number;
}

const BASE = '/supplySources/2020-07-01/supplySources';
/** The token is renewed this long before Login with Amazon says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const PAGE_SIZE = 50;
const MAX_PAGES = 200;

const ZDuration = z.object({ value: z.number().nullish(), timeUnit: z.string().nullish() }).nullish();
const ZOperatingHours = z.array(z.object({ startTime: z.string().nullish(), endTime: z.string().nullish() })).nullish();
const ZOperationalConfiguration = z
  .looseObject({
    operatingHoursByDay: z.record(z.string(), ZOperatingHours).nullish(),
    handlingTime: ZDuration,
  })
  .nullish();
/** The parts of Amazon's SupplySource we read; other fields are kept as they are when we write it back. */
const ZAmazonSupplySource = z.looseObject({
  supplySourceId: z.string(),
  supplySourceCode: z.string().nullish(),
  alias: z.string().nullish(),
  status: z.string().nullish(),
  configuration: z.looseObject({ operationalConfiguration: ZOperationalConfiguration }).nullish(),
  capabilities: z
    .looseObject({
      outbound: z
        .looseObject({
          operationalConfiguration: ZOperationalConfiguration,
          pickupChannel: z
            .looseObject({ inventoryHoldPeriod: ZDuration, operationalConfiguration: ZOperationalConfiguration })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
type AmazonSupplySource = z.infer<typeof ZAmazonSupplySource>;

const ZSupplySourceList = z.object({
  supplySources: z.array(z.object({ supplySourceId: z.string(), supplySourceCode: z.string().nullish() })).nullish(),
  nextPageToken: z.string().nullish(),
});
const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ZErrorList = z.object({
  errors: z.array(z.object({ code: z.string().nullish(), message: z.string().nullish() })),
});

/** A duration in whole days or hours (rounded up), from Amazon's { value, timeUnit }. */
function durationIn(unit: 'Days' | 'Hours', d: z.infer<typeof ZDuration>): number | null {
  if (!d || typeof d.value !== 'number') return null;
  const minutes = d.timeUnit === 'Days' ? d.value * 1440 : d.timeUnit === 'Minutes' ? d.value : d.value * 60;
  return Math.ceil(minutes / (unit === 'Days' ? 1440 : 60));
}

/** Amazon's hours of a day as our one entry: none is closed (00:00-00:00); several become the first start to the last end. */
function dayOf(entries: z.infer<typeof ZOperatingHours>): TOperatingHour[] {
  const usable = (entries ?? []).filter((e) => e.startTime && e.endTime);
  if (!usable.length) return [{ startTime: '00:00', endTime: '00:00' }];
  return [{ startTime: usable[0]!.startTime!, endTime: usable[usable.length - 1]!.endTime! }];
}

export function fromAmazon(source: AmazonSupplySource): SupplySource {
  const outbound = source.capabilities?.outbound;
  const pickup = outbound?.pickupChannel;
  const byDay =
    outbound?.operationalConfiguration?.operatingHoursByDay ??
    pickup?.operationalConfiguration?.operatingHoursByDay ??
    source.configuration?.operationalConfiguration?.operatingHoursByDay;
  const hours = closedWeek();
  if (byDay) for (const d of SUPPLY_SOURCE_WEEKDAYS) hours[d] = dayOf(byDay[d]);
  const status = source.status === 'Active' || source.status === 'Archived' ? source.status : 'Inactive';
  return {
    supplySourceId: source.supplySourceId,
    supplySourceCode: source.supplySourceCode ?? '',
    alias: source.alias ?? '',
    status,
    inventoryHoldPeriod: durationIn('Days', pickup?.inventoryHoldPeriod),
    handlingTime: durationIn(
      'Hours',
      pickup?.operationalConfiguration?.handlingTime ??
        outbound?.operationalConfiguration?.handlingTime ??
        source.configuration?.operationalConfiguration?.handlingTime,
    ),
    operatingHoursByDay: hours,
  };
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Amazon's UpdateSupplySourceRequest: the current configuration and capabilities with our fields changed. */
export function toAmazonUpdate(current: AmazonSupplySource, changes: SupplySourceChanges): Record<string, unknown> {
  const hours: TOperatingHoursByDay = changes.operatingHoursByDay;
  const handlingTime = { value: changes.handlingTime, timeUnit: 'Hours' };
  const configuration = asObject(current.configuration);
  const capabilities = asObject(current.capabilities);
  const outbound = asObject(capabilities.outbound);
  const pickup = asObject(outbound.pickupChannel);
  return {
    alias: changes.alias,
    configuration: {
      ...configuration,
      operationalConfiguration: {
        ...asObject(configuration.operationalConfiguration),
        operatingHoursByDay: hours,
        handlingTime,
      },
    },
    capabilities: {
      ...capabilities,
      outbound: {
        ...outbound,
        operationalConfiguration: { ...asObject(outbound.operationalConfiguration), operatingHoursByDay: hours },
        pickupChannel: {
          ...pickup,
          inventoryHoldPeriod: { value: changes.inventoryHoldPeriod, timeUnit: 'Days' },
          operationalConfiguration: { ...asObject(pickup.operationalConfiguration), handlingTime },
        },
      },
    },
  };
}

interface HttpAnswer {
  status: number;
  body: unknown;
}

export class SpApiSupplySourceGateway implements SupplySourceGateway {
  readonly kind = 'sp-api' as const;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: SpApiOptions) {
    this.now = options.now ?? Date.now;
  }

  /** One HTTP exchange with a time limit; a network failure or timeout is a SupplySourceGatewayError. */
  private async exchange(url: string, init: RequestInit, what: string): Promise<HttpAnswer> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : `not reachable (${describeCause(error)})`;
      throw new SupplySourceGatewayError(`${what}: ${reason}`, null, { cause: error });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new SupplySourceGatewayError(`${what}: the answer was cut off`, res.status, { cause: error });
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, body };
  }

  /** A Login with Amazon access token, from the cache or a refresh-token grant (one at a time). */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.options.refreshToken,
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    const answer = await this.exchange(
      this.options.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
        body: form.toString(),
      },
      'Login with Amazon',
    );
    const parsed = ZToken.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      const code = asObject(answer.body).error;
      throw new SupplySourceGatewayError(
        `Login with Amazon refused the token request (${answer.status}${typeof code === 'string' ? ` ${code}` : ''})`,
        answer.status,
      );
    }
    this.token = {
      value: parsed.data.access_token,
      renewAt: this.now() + Math.max(0, parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS),
    };
    return this.token.value;
  }

  /** A Supply Sources call with the access token; one retry with a new token when the API says 401/403. */
  private async call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<HttpAnswer> {
    const url = `${this.options.endpoint.replace(/\/+$/, '')}${path}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        'x-amz-access-token': token,
        accept: 'application/json',
        'user-agent': 'keystone-back-office/1.0 (Language=TypeScript)',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await this.exchange(
        url,
        { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
        `Supply Sources ${method} ${path}`,
      );
      if ((answer.status === 401 || answer.status === 403) && attempt === 0) {
        this.token = null;
        continue;
      }
      return answer;
    }
  }

  private failure(answer: HttpAnswer, what: string): SupplySourceGatewayError {
    const parsed = ZErrorList.safeParse(answer.body);
    const first = parsed.success ? parsed.data.errors[0] : undefined;
    const detail = first ? `: ${[first.code, first.message].filter(Boolean).join(' ')}` : '';
    if (answer.status === 400) return new SupplySourceRejectedError(first?.message ?? `${what} was refused`);
    return new SupplySourceGatewayError(`${what} answered ${answer.status}${detail}`, answer.status);
  }

  private async fetchSource(supplySourceId: string): Promise<AmazonSupplySource | null> {
    const what = `Supply source ${supplySourceId}`;
    const answer = await this.call('GET', `${BASE}/${encodeURIComponent(supplySourceId)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.failure(answer, what);
    const parsed = ZAmazonSupplySource.safeParse(answer.body);
    if (!parsed.success)
      throw new SupplySourceGatewayError(`${what}: the answer is not a supply source`, answer.status);
    return parsed.data;
  }

  async get(supplySourceId: string): Promise<SupplySource | null> {
    const source = await this.fetchSource(supplySourceId);
    return source ? fromAmazon(source) : null;
  }

  async findByLocation(locationCode: string): Promise<SupplySource | null> {
    let pageToken: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
      if (pageToken) query.set('nextPageToken', pageToken);
      const answer = await this.call('GET', `${BASE}?${query.toString()}`);
      if (answer.status !== 200) throw this.failure(answer, 'The supply source list');
      const parsed = ZSupplySourceList.safeParse(answer.body);
      if (!parsed.success)
        throw new SupplySourceGatewayError('The supply source list: the answer is not a list', answer.status);
      const match = (parsed.data.supplySources ?? []).find((s) => s.supplySourceCode === locationCode);
      if (match) return this.get(match.supplySourceId);
      pageToken = parsed.data.nextPageToken || null;
      if (!pageToken) return null;
    }
    throw new SupplySourceGatewayError(`The supply source list has more than ${MAX_PAGES} pages`);
  }

  async update(supplySourceId: string, changes: SupplySourceChanges): Promise<void> {
    const current = await this.fetchSource(supplySourceId);
    if (!current) throw new SupplySourceGatewayError(`Supply source ${supplySourceId} does not exist`, 404);
    const answer = await this.call(
      'PUT',
      `${BASE}/${encodeURIComponent(supplySourceId)}`,
      toAmazonUpdate(current, changes),
    );
    if (answer.status < 200 || answer.status >= 300)
      throw this.failure(answer, `The update of supply source ${supplySourceId}`);
  }

  async setStatus(supplySourceId: string, status: TSupplySourceStatus): Promise<void> {
    const answer = await this.call('PUT', `${BASE}/${encodeURIComponent(supplySourceId)}/status`, { status });
    if (answer.status < 200 || answer.status >= 300)
      throw this.failure(answer, `The status change of supply source ${supplySourceId}`);
  }
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? 'unknown error';
}
