import { Alert } from '@mui/material';
import { INVENTORY_REPORT_MESSAGES as M } from '@keystone/contracts';
import { Page } from '../../../shell/page';

/** 002 §2 /fba-discrepancy-report: only the notice that the report moved to a BI dashboard. */
export function FbaDiscrepancyReportPage() {
  return (
    <Page title="FBA Discrepancy Report">
      <Alert severity="info">{M.fbaDiscrepancyMoved}</Alert>
    </Page>
  );
}
