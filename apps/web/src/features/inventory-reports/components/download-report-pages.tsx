import { useState } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { INACTIVE_REPORT_REDIRECT_MS, INVENTORY_REPORT_MESSAGES as M, utcToday } from '@keystone/contracts';
import { ReportDownloadProgress } from '../../../lib/report-download/report-download-progress';
import { useReportDownload } from '../../../lib/report-download/use-report-download';
import { Page } from '../../../shell/page';
import {
  fbaPendingOrdersRequest,
  inactiveInventoryRequest,
  peakDaysFulfillmentRequest,
} from '../api/inventory-reports-api';
import { isDateWithin, ReportDatePicker } from './report-date-picker';
import { useRedirectHome } from './use-redirect-home';

/** 002 §2 /reports/inactive-inventory: Download CSV, then home after 2 seconds (002 §9). */
export function InactiveInventoryPage() {
  const download = useReportDownload();
  const [done, setDone] = useState(false);
  const redirect = useRedirectHome(INACTIVE_REPORT_REDIRECT_MS / 1000, done);
  const start = async () => {
    if (await download.start(inactiveInventoryRequest())) {
      setDone(true);
      redirect.begin();
    }
  };
  return (
    <Page title="Inactive Inventory">
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            Units on hand with no movement in their bucket for 90 days or more.
          </Typography>
          <Button variant="contained" onClick={() => void start()} disabled={download.busy || done}>
            {M.downloadCsv}
          </Button>
          <ReportDownloadProgress progress={download.busy ? download.progress : null} />
          {download.error && <Alert severity="error">{download.error}</Alert>}
          {done && <Alert severity="success">Downloaded. Returning home…</Alert>}
        </Stack>
      </Paper>
    </Page>
  );
}

/** 002 §2 /reports/peak-days-fulfillment: a date (today or later) and Download Report; a failure shows the server's message. */
export function PeakDaysFulfillmentPage() {
  const today = utcToday();
  const [date, setDate] = useState(today);
  const download = useReportDownload();
  const valid = isDateWithin(date, today);
  return (
    <Page title="Peak Days Fulfillment">
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            Open committed sales due to ship by the date (or with no ship-by date) per bucket and model, with the units
            on hand to fill them.
          </Typography>
          <ReportDatePicker label="Date" value={date} onChange={setDate} min={today} />
          <Button
            variant="contained"
            onClick={() => void download.start(peakDaysFulfillmentRequest(date))}
            disabled={download.busy || !/^\d{4}-\d{2}-\d{2}$/.test(date)}
          >
            {M.downloadReport}
          </Button>
          {!valid && !download.error && (
            <Typography variant="body2" color="error">
              {M.peakDateBeforeToday}
            </Typography>
          )}
          <ReportDownloadProgress progress={download.busy ? download.progress : null} />
          {download.error && (
            <Alert severity="error" data-testid="peak-days-error">
              {download.error}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}

/** 002 §2 /reports/fba-pending-orders-in-dollars: a Download CSV button. */
export function FbaPendingOrdersPage() {
  const download = useReportDownload();
  return (
    <Page title="FBA Pending Orders in Dollars">
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="text.secondary">
            Committed sales sold on Amazon (the FBA channels) not yet transacted, per bucket and model, valued at the
            current cost, with a total.
          </Typography>
          <Button
            variant="contained"
            onClick={() => void download.start(fbaPendingOrdersRequest())}
            disabled={download.busy}
          >
            {M.downloadCsv}
          </Button>
          <ReportDownloadProgress progress={download.busy ? download.progress : null} />
          {download.error && <Alert severity="error">{download.error}</Alert>}
        </Stack>
      </Paper>
    </Page>
  );
}
