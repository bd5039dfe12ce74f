import { Paper, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { computePoTotals, dollarsToCents, formatUsd, type TPoLine, type TPurchaseOrder } from '@keystone/contracts';

/** Sub Total, Total Received, DFI Discount Amount and Balance Due (000 §2), computed from the lines. */
export function PoTotalsBox({ po, lines }: { po: TPurchaseOrder; lines: TPoLine[] }) {
  const totals = computePoTotals(
    lines.map((l) => ({
      costCents: dollarsToCents(l.invoice_cost),
      qtyOrdered: l.qty_ordered,
      qtyReceived: l.qty_received,
    })),
    po.dfi_discount_percentage,
    po.paid,
  );
  const rows: [string, number][] = [
    ['Sub Total', totals.subTotalCents],
    ['Total Received', totals.totalReceivedCents],
    ['DFI Discount Amount', totals.dfiDiscountCents],
    ['Balance Due', totals.balanceDueCents],
  ];
  return (
    <Paper variant="outlined" sx={{ maxWidth: 360, ml: 'auto' }} data-testid="po-totals">
      <Table size="small">
        <TableBody>
          {rows.map(([label, cents]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ fontWeight: label === 'Balance Due' ? 700 : 500 }}>
                {label}
              </TableCell>
              <TableCell
                align="right"
                data-testid={`total-${label.toLowerCase().replace(/\s+/g, '-')}`}
                sx={{ fontWeight: label === 'Balance Due' ? 700 : 400 }}
              >
                {formatUsd(cents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
