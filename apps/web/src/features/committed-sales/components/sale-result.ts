import { COMMITTED_SALE_MESSAGES } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';

/** What a dialog's results stage shows (001 §8 Committed sales). */
export interface TSaleOutcome {
  ok: boolean;
  lines: string[];
}

const raw = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body));

/** A 200 answer: 'Sale successfully trasacted!' (sic) when its message contains Success, else the raw response. */
export function saleSuccessOutcome(body: unknown): TSaleOutcome {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.includes('Success'))
    return { ok: true, lines: [COMMITTED_SALE_MESSAGES.clientSuccess] };
  return { ok: false, lines: [raw(body)] };
}

/**
 * A refused or failed call: 404's own text; otherwise the message and the field messages, each text once (a service's
 * refusal repeats its message under the field it names: shown once), or the raw response.
 */
export function saleFailureOutcome(error: unknown): TSaleOutcome {
  if (!(error instanceof ApiCallError))
    return { ok: false, lines: [error instanceof Error ? error.message : String(error)] };
  if (error.status === 404) return { ok: false, lines: [COMMITTED_SALE_MESSAGES.clientNotFound] };
  const body: unknown = error.body;
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const lines: string[] = [];
    if (typeof message === 'string' && message) lines.push(message);
    if (errors && typeof errors === 'object') {
      for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
        const texts = (Array.isArray(messages) ? messages : [messages]).map(String).filter((m) => m !== message);
        if (texts.length) lines.push(`${field}: ${texts.join(', ')}`);
      }
    }
    if (lines.length) return { ok: false, lines };
  }
  return { ok: false, lines: [body === null || body === '' ? `The server responded with ${error.status}` : raw(body)] };
}

/** A load failure shows the raw response (001 §8). */
export function loadFailureText(error: unknown): string {
  if (error instanceof ApiCallError)
    return error.body === null || error.body === '' ? `The server responded with ${error.status}` : raw(error.body);
  return error instanceof Error ? error.message : String(error);
}
