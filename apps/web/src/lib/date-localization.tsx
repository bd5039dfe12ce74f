import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';

/**
 * The MUI X date pickers' localization (dayjs). Only screens with a date picker load it, through
 * `lazyPage(…, { datePickers: true })`, so dayjs and the pickers stay out of the first download.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}
