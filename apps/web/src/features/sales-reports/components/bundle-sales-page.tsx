import { useState } from 'react';
import { Alert, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  BUNDLE_REPORT_TYPE_LABELS,
  BUNDLE_REPORT_TYPES,
  defaultSalesReportRange,
  SALES_REPORT_MESSAGES,
  type TBundleReportType,
} from '@keystone/contracts';
import { ReportDownloadProgress } from '../../../lib/report-download/report-download-progress';
import { useReportDownload } from '../../../lib/report-download/use-report-download';
import { Page } from '../../../shell/page';
import { bundleSalesRequest } from '../api/sales-reports-api';
import { DateField } from './report-controls';

/** 002 §2 /reports/bundle-sales: dates, model and report type; downloads a CSV; marked work in progress. */
export function BundleSalesPage() {
  const [range, setRange] = useState(() => {
    const r = defaultSalesReportRange();
    return { fromDate: r.from, toDate: r.to };
  });
  const [sku, setSku] = useState('');
  const [reportType, setReportType] = useState<TBundleReportType>('getAllBundleSales');
  const [done, setDone] = useState(false);
  const download = useReportDownload();
  const needsSku = reportType !== 'getAllBundleSales';
  const missingSku = needsSku && !sku.trim();
  const start = async () => {
    setDone(false);
    setDone(await download.start(bundleSalesRequest({ ...range, sku: sku.trim(), reportType })));
  };
  return (
    <Page
      title="Bundle Sales"
      actions={<Chip label="Work in progress" color="warning" variant="outlined" data-testid="work-in-progress" />}
    >
      <Stack spacing={2}>
        <Alert severity="info">
          {SALES_REPORT_MESSAGES.workInProgress} A bundle sale is two or more lines of one order sold under one bundle
          SKU.
        </Alert>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
          >
            <DateField
              label="From"
              value={range.fromDate}
              onChange={(fromDate) => setRange((r) => ({ ...r, fromDate }))}
            />
            <DateField label="To" value={range.toDate} onChange={(toDate) => setRange((r) => ({ ...r, toDate }))} />
            <TextField
              select
              size="small"
              label="Report Type"
              value={reportType}
              onChange={(e) => setReportType(e.target.value as TBundleReportType)}
              sx={{ minWidth: 260, width: { xs: '100%', sm: 'auto' } }}
            >
              {BUNDLE_REPORT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {BUNDLE_REPORT_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={reportType === 'getBundleSalesByBundleSku' ? 'Bundle SKU' : 'Model'}
              value={sku}
              onChange={(e) => setSku(e.target.value)}
              disabled={!needsSku}
              error={missingSku}
              helperText={missingSku ? SALES_REPORT_MESSAGES.skuRequired : ' '}
              sx={{ width: { xs: '100%', sm: 220 } }}
            />
            <Button variant="contained" onClick={() => void start()} disabled={download.busy || missingSku}>
              Download CSV
            </Button>
          </Stack>
        </Paper>
        {download.busy ? <ReportDownloadProgress progress={download.progress} /> : null}
        {download.error ? <Alert severity="error">{download.error}</Alert> : null}
        {done && !download.busy ? (
          <Typography color="success.main" data-testid="download-done">
            The report was downloaded.
          </Typography>
        ) : null}
      </Stack>
    </Page>
  );
}
