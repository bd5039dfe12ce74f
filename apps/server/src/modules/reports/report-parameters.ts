import { z } from 'zod';
import { REPORT_MESSAGES, ZDateSchema, ZQueryFlagSchema, type TReportColumn } from '@keystone/contracts';
import { badRequest } from '../../http/errors.js';
import {
  resolveDefault,
  type ReportDefinition,
  type ReportParameterSpec,
  type TParamValue,
  type TReportParams,
} from './report-definition.js';

const ZIntegerText = z
  .string()
  .trim()
  .regex(/^-?\d{1,9}$/, 'must be a whole number')
  .transform(Number);

function schemaOf(spec: ReportParameterSpec): z.ZodType<TParamValue> {
  switch (spec.type) {
    case 'date':
      return ZDateSchema;
    case 'number':
      return ZIntegerText;
    case 'boolean':
      return ZQueryFlagSchema;
    case 'select': {
      const values = (spec.options ?? []).map((o) => o.value);
      return z
        .string()
        .refine((v) => values.includes(v), `must be one of ${values.map((v) => (v === '' ? '(All)' : v)).join(', ')}`);
    }
    case 'text':
      return z.string().trim().max(200);
  }
}

/**
 * The parameters of a run, from the query (all text): each checked by its type, absent ones given their default, a
 * parameter the definition does not have refused. A bad value is a 400 naming `<name>` (or `<field>.<name>` when the
 * parameters come in a body field, e.g. `parameters.from`; errors.ts fieldKey); From after To is refused on To.
 */
export function parseReportParameters(
  definition: ReportDefinition,
  query: Record<string, string>,
  options: { today?: Date; field?: string } = {},
): TReportParams {
  const today = options.today ?? new Date();
  const keyOf = (name: string) => (options.field ? `${options.field}.${name}` : name);
  const errors: Record<string, string[]> = {};
  const params: TReportParams = {};
  const known = new Set(definition.parameters.map((p) => p.name));
  for (const key of Object.keys(query)) {
    if (!known.has(key)) errors[keyOf(key)] = [`${definition.name} has no parameter ${key}`];
  }
  for (const spec of definition.parameters) {
    const raw = query[spec.name];
    if (raw === undefined || (raw === '' && spec.type !== 'select' && spec.type !== 'text')) {
      const fallback = resolveDefault(spec, today);
      if (spec.required && (fallback === null || fallback === '')) errors[keyOf(spec.name)] = ['Required'];
      params[spec.name] = fallback;
      continue;
    }
    const parsed = schemaOf(spec).safeParse(raw);
    if (parsed.success) params[spec.name] = parsed.data;
    else errors[keyOf(spec.name)] = parsed.error.issues.map((i) => i.message);
  }
  const { from, to } = params;
  if (
    typeof from === 'string' &&
    typeof to === 'string' &&
    !errors[keyOf('from')] &&
    !errors[keyOf('to')] &&
    from > to
  ) {
    errors[keyOf('to')] = ['must be on or after From'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(REPORT_MESSAGES.badParameter, errors);
  return params;
}

/** A database value as the column's type answers it: numbers for integer, money and percent, YYYY-MM-DD dates, ISO timestamps. */
export function cellValue(column: TReportColumn, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'integer':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'percent': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
    }
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'timestamp':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    case 'id':
      return String(value);
    case 'text':
      return typeof value === 'boolean' ? value : String(value);
  }
}

/** One database row as the report's columns (keys in column order). */
export function reportRow(
  columns: readonly TReportColumn[],
  row: Record<string, unknown>,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const column of columns) out[column.key] = cellValue(column, row[column.key]);
  return out;
}
