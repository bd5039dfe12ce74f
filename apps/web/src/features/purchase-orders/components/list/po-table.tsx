import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { hasPoNumberCollision, type TPurchaseOrderSummary } from '@keystone/contracts';
import { PO_LIST_TABLE_PAGES, rowsPerPageOptions } from '../../../../shell/table-pages';
import { CopyToClipboardButton } from './copy-to-clipboard-button';
import { usd, ymd, type TPoSortColumn, type TSortOrder } from './po-list-state';
import { legacyPoReviewPath, poReviewPath } from '../../../../lib/po-links';
import { useRememberRecordSequence } from '../../../../lib/record-sequence';

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

export const PO_COLLISION_TITLE = 'PO Number Collision';

interface Column {
  label: string;
  /** The server's sort column; absent where the server cannot sort (legacy PO number, paid). */
  sort?: TPoSortColumn;
  align?: 'right';
  /** A key column: also shown on a phone, where the others are hidden so the list fits without sideways scrolling. */
  key?: true;
  render: (po: TPurchaseOrderSummary) => ReactNode;
}

/**
 * The cells' layout, given once on the table by class (a `sx` per cell made 300 styles to resolve per render):
 * non-key columns are hidden below the sm breakpoint (600 px), money does not wrap, text wraps anywhere.
 */
const TABLE_SX = {
  '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } },
  '& .po-secondary': { display: { xs: 'none', sm: 'table-cell' } },
  '& th, & .po-nowrap': { whiteSpace: 'nowrap' },
  '& .po-wrap': { overflowWrap: 'anywhere' },
  // On a phone the copy icon goes (a long press copies the link): the four key columns then fit the screen.
  '& .po-number': { display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' },
  '& .po-copy': { display: { xs: 'none', sm: 'inline-flex' } },
} as const;
const cellClass = (c: Column, body: boolean) =>
  [c.key ? '' : 'po-secondary', body ? (c.align === 'right' ? 'po-nowrap' : 'po-wrap') : '']
    .filter(Boolean)
    .join(' ') || undefined;

function PoNumberCell({ po }: { po: TPurchaseOrderSummary }) {
  return (
    <span className="po-number">
      <Link component={RouterLink} to={poReviewPath(po.id)} data-testid="po-ref-id">
        {po.purchase_ref_id}
      </Link>
      <span className="po-copy">
        <CopyToClipboardButton text={po.purchase_ref_id} label={`Copy ${po.purchase_ref_id}`} />
      </span>
      {hasPoNumberCollision(po) && (
        <Tooltip title={PO_COLLISION_TITLE}>
          <WarningAmberIcon
            color="warning"
            fontSize="small"
            titleAccess={PO_COLLISION_TITLE}
            data-testid="po-collision"
          />
        </Tooltip>
      )}
    </span>
  );
}

const COLUMNS: Column[] = [
  { label: 'PO Number', sort: 'purchase_ref_id', key: true, render: (po) => <PoNumberCell po={po} /> },
  {
    label: 'Legacy PO #',
    render: (po) =>
      po.legacy_po_number ? (
        <Link component={RouterLink} to={legacyPoReviewPath(po.legacy_po_number)}>
          {po.legacy_po_number}
        </Link>
      ) : (
        ''
      ),
  },
  { label: 'Created', sort: 'created_at', render: (po) => ymd(po.created_at) },
  { label: 'Vendor', sort: 'vendor_name', key: true, render: (po) => po.vendor_name },
  { label: 'Status', sort: 'purchase_order_status', key: true, render: (po) => po.purchase_order_status.status_name },
  { label: 'Ship To', sort: 'ims_location_code', render: (po) => po.ims_location_code },
  { label: 'Vendor Order #', sort: 'vendor_order_id', render: (po) => po.vendor_order_id ?? '' },
  { label: 'Total', sort: 'total', align: 'right', key: true, render: (po) => usd(po.total) },
  { label: 'Balance Due', sort: 'balance_due', align: 'right', render: (po) => usd(po.balance_due) },
  { label: 'Paid', render: (po) => (po.paid ? 'Yes' : 'No') },
];

/**
 * The PO list table: server-side pages and sorting; a View link per row goes to the PO's review route. Memoized:
 * the page re-renders on every query answer, the table only when its own props change.
 */
export const PoTable = memo(function PoTable({
  rows,
  total,
  totalCapped,
  page,
  perPage,
  sortBy,
  sortOrder,
  onSort,
  onPageChange,
  onPerPageChange,
  empty,
}: {
  rows: readonly TPurchaseOrderSummary[];
  total: number;
  /** The server stopped counting at `total` (10,000): there are more. */
  totalCapped: boolean;
  /** 1-based. */
  page: number;
  perPage: number;
  sortBy: TPoSortColumn;
  sortOrder: TSortOrder;
  onSort: (column: TPoSortColumn) => void;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** What an empty page shows (lib/empty-state). */
  empty: ReactNode;
}) {
  // The PO page's previous/next (k/j) follow this page of the list.
  useRememberRecordSequence(
    'purchase-orders',
    rows.map((po) => po.id),
  );
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Purchase orders" data-testid="po-table" sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.label}
                  align={c.align}
                  sortDirection={c.sort && c.sort === sortBy ? sortOrder : false}
                  className={cellClass(c, false)}
                >
                  {c.sort ? (
                    <TableSortLabel
                      active={c.sort === sortBy}
                      direction={c.sort === sortBy ? sortOrder : 'asc'}
                      onClick={() => onSort(c.sort!)}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
              <TableCell className="po-secondary">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((po) => (
              <TableRow key={po.id} hover data-testid="po-row">
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} align={c.align} className={cellClass(c, true)}>
                    {c.render(po)}
                  </TableCell>
                ))}
                {/* On a phone the PO number is the link and this column is hidden. */}
                <TableCell className="po-secondary">
                  <Link component={RouterLink} to={poReviewPath(po.id)}>
                    View
                  </Link>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>{empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        labelDisplayedRows={({ from, to, count }) =>
          `${from}–${to} of ${COUNT_FORMAT.format(count)}${totalCapped ? '+' : ''}`
        }
        page={Math.max(0, Math.min(page - 1, Math.ceil(total / perPage) - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={rowsPerPageOptions(PO_LIST_TABLE_PAGES)}
        onPageChange={(_e, p) => onPageChange(p + 1)}
        onRowsPerPageChange={(e) => onPerPageChange(Number(e.target.value))}
        data-testid="po-pagination"
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-actions': { ml: { xs: 0.5, sm: 2.5 } },
        }}
      />
    </Paper>
  );
});

/** Read by screen readers only. Sizes in px: in `sx` a bare 1 means 100 %, which made the page overflow. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
