import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import type { TPoLine } from '@keystone/contracts';
import { useLineSerials } from '../api/receiving';
import { formatTimestamp } from '../../../lib/format-date';
import { PO_AREA_TABLE_PAGES, useClientPages } from '../../../shell/table-pages';

/** Received Serials of a PO line (001 §2 "review received serials"): serial, received at, disposition, location. */
export function ViewSerialsDialog({ line, onClose }: { line: TPoLine; onClose(): void }) {
  const serials = useLineSerials(line.id);
  const rows = serials.data ?? [];
  const { rows: shown, pagination } = useClientPages(rows, PO_AREA_TABLE_PAGES);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="view-serials-dialog">
      <DialogTitle>Received Serials: {line.product.model_number}</DialogTitle>
      <DialogContent>
        {serials.isPending ? (
          <Typography>Loading...</Typography>
        ) : serials.isError ? (
          <Typography color="error">There was an error.</Typography>
        ) : rows.length === 0 ? (
          <Typography>No data to display.</Typography>
        ) : (
          <>
            <Table size="small" data-testid="received-serials">
              <TableHead>
                <TableRow>
                  <TableCell>Serial</TableCell>
                  <TableCell>Received At</TableCell>
                  <TableCell>Disposition</TableCell>
                  <TableCell>Location</TableCell>
                  <TableCell>Condition</TableCell>
                  <TableCell>Reference</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((s) => (
                  <TableRow
                    key={`${s.inventory_serial_id}-${s.ims_transaction_reference_id}`}
                    data-testid="received-serial"
                  >
                    <TableCell>{s.serial_number}</TableCell>
                    <TableCell>{formatTimestamp(s.received_at)}</TableCell>
                    <TableCell>{s.disposition_code}</TableCell>
                    <TableCell>{s.location_code ?? '—'}</TableCell>
                    <TableCell>{s.condition_code ?? '—'}</TableCell>
                    <TableCell>{s.ims_transaction_reference_id}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <TablePagination component="div" {...pagination} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
