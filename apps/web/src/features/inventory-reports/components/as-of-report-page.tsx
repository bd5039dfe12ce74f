import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { INVENTORY_REPORT_MESSAGES as M, REPORT_REDIRECT_SECONDS, utcToday } from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';
import { ReportDownloadProgress } from '../../../lib/report-download/report-download-progress';
import { useReportDownload } from '../../../lib/report-download/use-report-download';
import { Page } from '../../../shell/page';
import { asOfReportRequest, useGeOnHandTotals, type TAsOfReport } from '../api/inventory-reports-api';
import { isDateWithin, ReportDatePicker } from './report-date-picker';
import { formatDollars } from './report-tables';
import { useRedirectHome } from './use-redirect-home';

/** The GE export's totals for the chosen date (its totals call), shown in the options dialog. */
function GeTotals({ date }: { date: string }) {
  const totals = useGeOnHandTotals(date, isDateWithin(date, undefined, utcToday()));
  if (!totals.data) return null;
  const t = totals.data;
  return (
    <Typography variant="body2" data-testid="ge-totals">
      On hand at the end of {t.date} (UTC): {formatCount(t.units)} units of {formatCount(t.products)} models in{' '}
      {formatCount(t.rows)} rows, valued at {formatDollars(t.total_value)}.
    </Typography>
  );
}

/**
 * 002 §2 /reports/ge-on-hand-export and /reports/inventory-accounting: an options dialog with Date Of Report (default
 * today); once the download starts a 5 second countdown, then home (after the file is saved).
 */
function AsOfReportPage({ report, title }: { report: TAsOfReport; title: string }) {
  const navigate = useNavigate();
  const today = utcToday();
  const [date, setDate] = useState(today);
  const download = useReportDownload();
  const [done, setDone] = useState(false);
  const countdown = useRedirectHome(REPORT_REDIRECT_SECONDS, done);
  const valid = isDateWithin(date, undefined, today);
  const start = async () => {
    setDone(false);
    countdown.begin();
    const saved = await download.start(asOfReportRequest(report, date));
    if (saved) setDone(true);
    else countdown.stop();
  };
  return (
    <Page title={title}>
      <Dialog
        open
        fullWidth
        maxWidth="xs"
        onClose={() => !download.busy && void navigate('/')}
        aria-labelledby="as-of-report-title"
      >
        <DialogTitle id="as-of-report-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ReportDatePicker label={M.dateOfReport} value={date} onChange={setDate} max={today} />
            {!valid && (
              <Typography color="error" variant="body2">
                {M.dateInFuture}
              </Typography>
            )}
            {report === 'ge-on-hand-export' && valid && <GeTotals date={date} />}
            <ReportDownloadProgress progress={download.busy ? download.progress : null} />
            {download.error && <Alert severity="error">{download.error}</Alert>}
            {countdown.left !== null && (
              <Alert severity="success" data-testid="redirect-countdown">
                {M.redirecting(Math.max(countdown.left, 0))}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void navigate('/')} disabled={download.busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={!valid || download.busy || countdown.left !== null}
          >
            Download
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}

export function GeOnHandExportPage() {
  return <AsOfReportPage report="ge-on-hand-export" title="GE On-Hand Export" />;
}

export function InventoryAccountingPage() {
  return <AsOfReportPage report="inventory-accounting" title="Inventory Accounting Report" />;
}
