import { Link as RouterLink } from 'react-router';
import { Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { TSerialCommittedSale } from '@keystone/contracts';
import { dateTime } from './format';
import { invoicePath } from './sale-links';

const txLink = (ref: string) => (
  <Link component={RouterLink} to={`/inventory-transactions/${encodeURIComponent(ref)}`}>
    {ref}
  </Link>
);

/**
 * The serial detail's committed-sale serials (001 §2, §3 Committed-sale serial: scanned_at, scanned_upc, qc_complete,
 * packed, sale), as cards (002 §2): the legacy invoice (linked by invoicePath) and the sale's transaction.
 */
export function CommittedSaleSerialCards({ items }: { items: TSerialCommittedSale[] }) {
  if (items.length === 0) return <Typography color="text.secondary">No committed sale.</Typography>;
  return (
    <Stack spacing={1} data-testid="committed-sale-serials">
      {items.map((c) => (
        <Card
          key={`${c.sale.ims_transaction_reference_id}-${c.scanned_at}`}
          variant="outlined"
          data-testid="committed-sale-serial-card"
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
                Invoice{' '}
                {invoicePath(c.sale) ? (
                  <Link component={RouterLink} to={invoicePath(c.sale)!} data-testid="committed-sale-invoice-link">
                    {c.sale.legacy_pos_invoice_id}
                  </Link>
                ) : (
                  c.sale.legacy_pos_invoice_id
                )}
              </Typography>
              <Chip
                size="small"
                color={c.sale.transacted_at ? 'success' : 'warning'}
                label={c.sale.transacted_at ? 'Sold' : 'Committed'}
              />
            </Box>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
                gap: 1,
              }}
            >
              {(
                [
                  ['Sale', txLink(c.sale.ims_transaction_reference_id)],
                  ['Sale Transaction', c.sale.ledger_reference ? txLink(c.sale.ledger_reference) : '—'],
                  ['Scanned At', dateTime(c.scanned_at)],
                  ['Scanned UPC', c.scanned_upc ?? '—'],
                  ['QC Complete', c.qc_complete ? 'Yes' : 'No'],
                  ['Packed', c.packed ? 'Yes' : 'No'],
                  ['Source Bucket', c.sale.source_bucket],
                  ['Sold At', c.sale.transacted_at ? dateTime(c.sale.transacted_at) : '—'],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {label}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
