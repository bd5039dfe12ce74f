import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import JsBarcode from 'jsbarcode';
import { Box, Button, Typography } from '@mui/material';

/** Navigation state of /scan-labels: the values to print (000 §2). */
export interface ScanLabelState {
  serialBox?: string;
  serialTv?: string;
  upc?: string;
  invoiceNumber?: string;
  notes?: string;
  date?: string;
}

const FIELDS: { key: keyof ScanLabelState; label: string }[] = [
  { key: 'serialBox', label: 'Serial (Box)' },
  { key: 'serialTv', label: 'Serial (TV)' },
  { key: 'upc', label: 'UPC' },
  { key: 'invoiceNumber', label: 'Invoice / Removal Number' },
  { key: 'notes', label: 'Notes' },
  { key: 'date', label: 'Date' },
];

function Barcode({ value, label }: { value: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current)
      JsBarcode(ref.current, value, { format: 'CODE128', height: 60, width: 2, fontSize: 14, margin: 8 });
  }, [value]);
  return (
    <Box sx={{ breakInside: 'avoid', mb: 2 }} data-testid="scan-label">
      <Typography variant="subtitle2">{label}</Typography>
      <svg ref={ref} aria-label={`${label} barcode ${value}`} />
    </Box>
  );
}

/** Printable barcodes, outside the permission check and the app shell. */
export function ScanLabelsPage() {
  const state = (useLocation().state ?? {}) as ScanLabelState;
  const present = FIELDS.filter((f) => typeof state[f.key] === 'string' && state[f.key]!.trim() !== '');
  return (
    // White paper and dark text in either theme: the labels are printed and scanned.
    <Box component="main" sx={{ p: 3, bgcolor: 'common.white', color: 'grey.900', minHeight: '100vh' }}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, '@media print': { display: 'none' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Scan Labels
        </Typography>
        <Button variant="contained" onClick={() => window.print()} disabled={present.length === 0}>
          Print
        </Button>
      </Box>
      {present.length === 0 ? (
        <Typography>No label data was given.</Typography>
      ) : (
        present.map((f) => <Barcode key={f.key} value={state[f.key]!.trim()} label={f.label} />)
      )}
    </Box>
  );
}
