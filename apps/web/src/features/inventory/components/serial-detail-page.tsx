import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import type { TInventorySerialDetail } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { Page } from '../../../shell/page';
import { useSerial, useSerialHistory } from '../api/inventory-api';
import { FieldList } from './field-list';
import { legacyPoReviewPath, poReviewPath } from '../../../lib/po-links';
import { CommittedSaleSerialCards } from './committed-sale-serial-cards';
import { SerialHistoryCards } from './serial-history-cards';

function Fields({ serial }: { serial: TInventorySerialDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['ID', serial.id],
    ['Location', serial.location_code ?? '—'],
    ['Condition', serial.condition_code ?? '—'],
    ['Disposition', serial.disposition_code],
    [
      'PO API PO ID',
      serial.po_api_po_id ? (
        <Link component={RouterLink} to={poReviewPath(serial.po_api_po_id)}>
          {serial.po_api_po_id}
          {serial.purchase_ref_id ? ` (${serial.purchase_ref_id})` : ''}
        </Link>
      ) : (
        '—'
      ),
    ],
    [
      'Legacy PO API PO ID',
      serial.legacy_po_api_po_id ? (
        <Link component={RouterLink} to={legacyPoReviewPath(serial.legacy_po_api_po_id)}>
          {serial.legacy_po_api_po_id}
        </Link>
      ) : (
        '—'
      ),
    ],
    ['Distributer Inventory Item ID', serial.distributor_inventory_item_id ?? '—'],
    ['Notes', serial.notes ?? '—'],
    ['Customer Comments', serial.customer_comments ?? '—'],
  ];
  return <FieldList rows={rows} testId="serial-fields" />;
}

function History({ id }: { id: number }) {
  const history = useSerialHistory(id);
  if (history.isPending) return <Typography>Loading</Typography>;
  if (history.error) return <Typography color="error">There was an error.</Typography>;
  // The server answers ascending by events_date; sorted again so the order never depends on it.
  const events = [...history.data].sort((a, b) => Date.parse(a.events_date) - Date.parse(b.events_date));
  if (events.length === 0) return <Typography>No Results To Display</Typography>;
  return <SerialHistoryCards events={events} />;
}

/** /inventory-serials/{id} (001 §2 Serial detail). */
export function SerialDetailPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const serial = useSerial(id);
  let content: React.ReactNode;
  if (id === null) content = <Typography>No Data Available.</Typography>;
  else if (serial.isPending) content = <Typography>Loading</Typography>;
  else if (serial.error)
    content = (
      <Alert severity="warning">
        {serial.error instanceof ApiCallError && serial.error.status === 404
          ? `Serial ${id} does not exist.`
          : 'There was an error.'}
      </Alert>
    );
  else {
    const s = serial.data;
    content = (
      <>
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="h5" component="h2" data-testid="serial-number">
            {s.serial_number}
          </Typography>
          <Link component={RouterLink} to={`/inventory/detail/model/${encodeURIComponent(s.product.model)}`}>
            {s.product.product_title} ({s.product.model})
          </Link>
          {s.product.image_url && (
            <Box
              component="img"
              src={s.product.image_url}
              alt={s.product.model}
              sx={{ display: { xs: 'block', md: 'none' }, maxWidth: 200, my: 1 }}
            />
          )}
          <Box sx={{ mt: 2 }}>
            <Fields serial={s} />
          </Box>
        </Paper>
        <Typography variant="h6" component="h2">
          Committed Sale
        </Typography>
        <Box sx={{ mb: 2 }}>
          <CommittedSaleSerialCards items={s.committed_sale_serials} />
        </Box>
        <Typography variant="h6" component="h2">
          History
        </Typography>
        <History id={s.id} />
      </>
    );
  }
  return <Page title="Serial Detail">{content}</Page>;
}
