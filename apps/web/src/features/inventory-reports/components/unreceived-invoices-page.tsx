import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { INVENTORY_REPORT_MESSAGES as M } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { Page } from '../../../shell/page';
import { useUnreceivedInvoiceReport } from '../api/inventory-reports-api';
import { formatDollars } from './report-tables';

/**
 * 002 §2 /report/unreceived-invoices-report: per vendor Total Un-Received Units, Total Un-Received Dollars, Invoiced
 * Dollars and Invoiced But Not Received, and a Total row.
 */
export function UnreceivedInvoicesPage() {
  const report = useUnreceivedInvoiceReport();
  const data = report.data;
  return (
    <Page title="Unreceived Invoices Report">
      {report.isLoading && <LinearProgress />}
      {report.isError && (
        <Alert severity="error">{serverMessage(report.error) ?? 'The report could not be loaded.'}</Alert>
      )}
      {data && data.data.length === 0 && <Typography color="text.secondary">{M.noUnreceivedInvoices}</Typography>}
      {data && data.data.length > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="unreceived-invoices-table">
              <TableHead>
                <TableRow>
                  <TableCell>Vendor</TableCell>
                  <TableCell align="right">Total Un-Received Units</TableCell>
                  <TableCell align="right">Total Un-Received Dollars</TableCell>
                  <TableCell align="right">Invoiced Dollars</TableCell>
                  <TableCell align="right">Invoiced But Not Received</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((v) => (
                  <TableRow key={v.vendor_id}>
                    <TableCell>{v.vendor_name}</TableCell>
                    <TableCell align="right">{formatCount(v.total_unreceived_units)}</TableCell>
                    <TableCell align="right">{formatDollars(v.total_unreceived_dollars)}</TableCell>
                    <TableCell align="right">{formatDollars(v.invoiced_dollars)}</TableCell>
                    <TableCell align="right">{formatDollars(v.invoiced_but_not_received)}</TableCell>
                  </TableRow>
                ))}
                <TableRow data-testid="unreceived-total-row" sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell>Total</TableCell>
                  <TableCell align="right">{formatCount(data.totals.total_unreceived_units)}</TableCell>
                  <TableCell align="right">{formatDollars(data.totals.total_unreceived_dollars)}</TableCell>
                  <TableCell align="right">{formatDollars(data.totals.invoiced_dollars)}</TableCell>
                  <TableCell align="right">{formatDollars(data.totals.invoiced_but_not_received)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Page>
  );
}
