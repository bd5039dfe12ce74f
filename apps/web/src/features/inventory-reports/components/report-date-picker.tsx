import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

const DATE_FORMAT = 'YYYY-MM-DD';

/** A YYYY-MM-DD date picker (000 §9) for a report's parameters; `min`/`max` bound the calendar. */
export function ReportDatePicker({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={date && date.isValid() ? date : null}
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      onChange={(next: Dayjs | null) => {
        if (next === null) onChange('');
        else if (next.isValid()) onChange(next.format(DATE_FORMAT));
      }}
      slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 190 } } } }}
    />
  );
}

/** A YYYY-MM-DD text that is a whole date within the bounds (the picker lets a typed date past them through). */
export function isDateWithin(value: string, min?: string, max?: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !dayjs(value, DATE_FORMAT).isValid()) return false;
  return (!min || value >= min) && (!max || value <= max);
}
