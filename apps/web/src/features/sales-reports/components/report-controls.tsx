import { Alert, Checkbox, ListItemText, MenuItem, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { useBrands } from '../api/sales-reports-api';

const DATE_FORMAT = 'YYYY-MM-DD';

/** A date field (YYYY-MM-DD) over the MUI X date picker; '' when cleared. */
export function DateField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={date && date.isValid() ? date : null}
      onChange={(next: Dayjs | null) => {
        if (next === null) onChange('');
        else if (next.isValid()) onChange(next.format(DATE_FORMAT));
      }}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 190 } } }, field: { clearable: true } }}
    />
  );
}

/** One brand (by code), from every brand. */
export function BrandSelect({
  value,
  onChange,
  label = 'Brand',
}: {
  value: string;
  onChange(code: string): void;
  label?: string;
}) {
  const brands = useBrands();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={brands.data ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220, width: { xs: '100%', sm: 'auto' } }}
    >
      <MenuItem value="">
        <em>Choose a brand</em>
      </MenuItem>
      {(brands.data ?? []).map((b) => (
        <MenuItem key={b.id} value={b.brand_code}>
          {b.brand_name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several brands (by code), from every brand. */
export function BrandMultiSelect({ value, onChange }: { value: string[]; onChange(codes: string[]): void }) {
  const brands = useBrands();
  const names = new Map((brands.data ?? []).map((b) => [b.brand_code, b.brand_name]));
  return (
    <TextField
      select
      size="small"
      label="Brands"
      value={brands.data ? value : []}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === 'string' ? v.split(',') : v);
      }}
      sx={{ minWidth: 260, maxWidth: { sm: 520 }, width: { xs: '100%', sm: 'auto' } }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((c) => names.get(c) ?? c).join(', '),
        },
      }}
    >
      {(brands.data ?? []).map((b) => (
        <MenuItem key={b.id} value={b.brand_code}>
          <Checkbox size="small" checked={value.includes(b.brand_code)} />
          <ListItemText primary={b.brand_name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The text of a failed report read: the server's message (with its field errors), or a generic one. */
export function reportErrorText(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { errors?: Record<string, string[]> } | null;
    const fields = body?.errors
      ? Object.entries(body.errors).map(([f, m]) => `${f.replace(/^query\./, '')}: ${m.join(', ')}`)
      : [];
    return [serverMessage(error) ?? `The report failed (${error.status}).`, ...fields].join(' — ');
  }
  return 'The report could not be loaded. Check the connection and try again.';
}

export function ReportError({ error }: { error: unknown }) {
  return (
    <Alert severity="error" data-testid="report-error">
      {reportErrorText(error)}
    </Alert>
  );
}
