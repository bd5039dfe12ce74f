import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatUsd, type TSellThruRow } from '@keystone/contracts';
import { formatCount } from '../../../lib/format-number';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/** One group of the brand sell-thru ('With Sales' or 'Without Sales'): a row per model. */
export function SellThruTable({
  title,
  rows,
  count,
  testId,
}: {
  title: string;
  rows: TSellThruRow[];
  count: number;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title} ({formatCount(count)})
      </Typography>
      {count > rows.length ? (
        <Typography variant="caption" color="text.secondary" component="p">
          The first {formatCount(rows.length)} are listed.
        </Typography>
      ) : null}
      {rows.length === 0 ? (
        <Typography color="text.secondary">No models.</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label={title}>
            <TableHead>
              <TableRow>
                {[
                  'Model',
                  'On Hand at Start',
                  'Received',
                  'Available',
                  'Sold',
                  'Revenue',
                  'Sell-Thru',
                  'On Hand Now',
                ].map((h) => (
                  <TableCell key={h} align={h === 'Model' ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.product_id} data-testid="sell-thru-row" data-model={r.model}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} title={r.description}>
                    {r.model}
                  </TableCell>
                  <TableCell align="right">{formatCount(r.on_hand_start)}</TableCell>
                  <TableCell align="right">{formatCount(r.received)}</TableCell>
                  <TableCell align="right">{formatCount(r.available)}</TableCell>
                  <TableCell align="right">{formatCount(r.units_sold)}</TableCell>
                  <TableCell align="right">{formatUsd(r.revenue_cents)}</TableCell>
                  <TableCell align="right" data-testid="sell-thru-percent">
                    {percent(r.sell_thru_percent)}
                  </TableCell>
                  <TableCell align="right">{formatCount(r.on_hand_now)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
