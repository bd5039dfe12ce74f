import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, fieldKey } from './errors.js';

/**
 * Input no contract needs and no column can store, refused for every route before validation runs, each with
 * a 400 naming where it sits (docs/decisions.md, "Hostile input").
 */

/** The deepest nesting of arrays and objects a JSON body may have: far above the few levels any contract needs. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;
export const NUL_MESSAGE = 'must not contain a NUL character';
export const LONE_SURROGATE_MESSAGE = 'must not contain an unpaired UTF-16 surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the text, counting brackets
 * outside strings. It runs before JSON.parse, so a 5 MB body of `[[[[…` is refused without building millions of
 * nested arrays, and nothing after it (our walks, zod, the services) ever meets a value deep enough to
 * overflow a recursive walk. On malformed text the count may be off; JSON.parse refuses such text anyway.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` as Fastify does by default) behind the nesting check: a body nested deeper than
 * `MAX_JSON_DEPTH` is a 400 naming `body`.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest('Invalid request: body', { body: [TOO_DEEP_MESSAGE] }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * Every string in `value` (params, query or body) that no text column can store: a NUL character, or an
 * unpaired UTF-16 surrogate (which JSON's `\ud800` escape can carry; PostgreSQL's UTF-8 cannot). Answers the
 * messages by field key (`lines.0.note`, errors.ts fieldKey). A walk with its own stack, never recursion, and bounded by
 * `MAX_JSON_DEPTH` whatever parser made the value.
 */
export function unstorableTextPaths(value: unknown, root: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const key = fieldKey(root, path);
      if (item.includes('\u0000')) (found[key] ??= []).push(NUL_MESSAGE);
      if (LONE_SURROGATE.test(item)) (found[key] ??= []).push(LONE_SURROGATE_MESSAGE);
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        (found[root] ??= []).push(TOO_DEEP_MESSAGE);
        break;
      }
      const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
      // Pushed in reverse, so paths come out in the order of the input.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, path: [...path, key], depth: depth + 1 });
      }
    }
  }
  return found;
}

/** Refuses a request whose params, query or body hold text no column can store, naming every such field. */
export function refuseUnstorableText(input: { params: unknown; query: unknown; body: unknown }): void {
  const errors = {
    ...unstorableTextPaths(input.params, 'params'),
    ...unstorableTextPaths(input.query, 'query'),
    ...unstorableTextPaths(input.body, 'body'),
  };
  const names = Object.keys(errors);
  if (names.length) throw badRequest(`Invalid request: ${names.join(', ')}`, errors);
}

/** The messages of one text that no column can store (none when it is fine). */
function unstorableText(text: string): string[] {
  const messages: string[] = [];
  if (text.includes('\u0000')) messages.push(NUL_MESSAGE);
  if (LONE_SURROGATE.test(text)) messages.push(LONE_SURROGATE_MESSAGE);
  return messages;
}

/**
 * The names a multipart file part brings that no column can store: the file's name (`{field}.filename`, e.g.
 * `file.filename`; a NUL there was a 500 when the name reached a text column) and the names of its field and of the
 * fields before it (`fieldname`). Their values are the routes' business (a file's bytes are parsed by its route).
 */
export function unstorableMultipartNames(
  file: Pick<MultipartFile, 'fieldname' | 'filename' | 'fields'>,
): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const name of new Set([file.fieldname, ...Object.keys(file.fields ?? {})])) {
    for (const message of unstorableText(name))
      if (!found.fieldname?.includes(message)) (found.fieldname ??= []).push(message);
  }
  const filenameMessages = unstorableText(file.filename ?? '');
  if (filenameMessages.length) found[`${found.fieldname ? '' : `${file.fieldname}.`}filename`] = filenameMessages;
  return found;
}

/**
 * `request.file(options)` for every upload route (the carousel's image, a carrier invoice, a holdings file): the
 * first file part, refused with a 400 naming the file name or the field names when they hold text no column can
 * store (the rule `refuseUnstorableText` applies to params, query and JSON bodies). Its bytes are drained first.
 */
export async function requestFile(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['file']>[0],
): Promise<MultipartFile | undefined> {
  const file = await request.file(options);
  if (!file) return file;
  const errors = unstorableMultipartNames(file);
  const names = Object.keys(errors);
  if (names.length) {
    file.file.resume();
    throw badRequest(`Invalid upload: ${names.join(', ')}`, errors);
  }
  return file;
}
