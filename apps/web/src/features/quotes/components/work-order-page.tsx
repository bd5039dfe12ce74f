import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Card, CardContent, Chip, CircularProgress, Typography } from '@mui/material';
import { WORK_ORDER_ITEM_STATE_LABELS, type TContact } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { useWorkOrder } from '../api/quotes-api';
import { TotalsSection } from './quote-page';
import { contactLabel, contactSummary, usd } from './quote-format';

const STATE_COLOR = {
  BACKORDERED: 'error',
  COMMITTED: 'default',
  ON_PICK_LIST: 'info',
  PICKED: 'warning',
  PACKED: 'primary',
  TRANSACTED: 'success',
} as const;

function ContactBlock({ title, contact }: { title: string; contact: TContact }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{contactLabel(contact)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {contactSummary(contact) || '—'}
      </Typography>
    </Box>
  );
}

/** /work-orders/{id}: its quote, contacts, units with their committed sale and how far it went, labor and totals. */
export function WorkOrderPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const order = useWorkOrder(id);
  if (id === null || order.isError) {
    return (
      <Page title="Work Order">
        <Alert severity="error">This work order could not be loaded.</Alert>
      </Page>
    );
  }
  if (!order.data) {
    return (
      <Page title="Work Order">
        <CircularProgress aria-label="Loading work order" />
      </Page>
    );
  }
  const wo = order.data;
  return (
    <Page title={`Work Order ${wo.work_order_number}`}>
      <Typography sx={{ mb: 2 }} data-testid="work-order-summary">
        From quote{' '}
        <RouterLink to={`/quotes/${wo.quote_id}`} data-testid="work-order-quote-link">
          {wo.quote_number}
        </RouterLink>{' '}
        · units committed from {wo.location_code} · {wo.created_at.slice(0, 10)}
        {wo.created_by_name ? ` by ${wo.created_by_name}` : ''}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Card variant="outlined">
            <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
              <ContactBlock title="Sold to" contact={wo.sold_contact} />
              <ContactBlock title="Ship to" contact={wo.ship_contact} />
              <ContactBlock title="Bill to" contact={wo.bill_contact} />
            </CardContent>
          </Card>
          <Card variant="outlined" data-testid="work-order-units">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Units
              </Typography>
              {wo.items.length === 0 && <Typography color="text.secondary">No units.</Typography>}
              {wo.items.map((item) => (
                <Box
                  key={item.quote_item_id}
                  data-testid="work-order-unit"
                  sx={{
                    display: 'grid',
                    gap: 1,
                    py: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    alignItems: 'center',
                    gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 2fr) 1fr 1.4fr 1fr auto' },
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{item.model}</Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {item.description}
                    </Typography>
                  </Box>
                  <Typography variant="body2">
                    {item.number_units} × {usd(item.unit_price)} ({item.condition})
                  </Typography>
                  <Box sx={{ gridRow: { xs: 2, md: 'auto' }, minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary">
                      {item.committed_sale_reference} from {item.source_bucket}
                    </Typography>
                    {item.backordered_units > 0 && (
                      <Typography
                        variant="body2"
                        color="error"
                        sx={{ fontWeight: 600 }}
                        data-testid="work-order-unit-backorder"
                      >
                        Backordered: {item.backordered_units} ({item.backorder_reference}, waits for stock)
                      </Typography>
                    )}
                  </Box>
                  <Typography
                    sx={{
                      textAlign: 'right',
                      fontWeight: 600,
                      gridRow: { xs: 1, md: 'auto' },
                      gridColumn: { xs: 2, md: 'auto' },
                    }}
                  >
                    {usd(item.line_total)}
                  </Typography>
                  <Box sx={{ gridRow: { xs: 2, md: 'auto' } }}>
                    <Chip
                      size="small"
                      label={WORK_ORDER_ITEM_STATE_LABELS[item.state]}
                      color={STATE_COLOR[item.state]}
                      data-testid="work-order-unit-state"
                    />
                  </Box>
                </Box>
              ))}
            </CardContent>
          </Card>
          <Card variant="outlined" data-testid="work-order-labor">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Labor
              </Typography>
              {wo.labor_lines.length === 0 && <Typography color="text.secondary">No labor.</Typography>}
              {wo.labor_lines.map((line) => (
                <Box key={line.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
                  <Typography>
                    {line.description}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {line.labor_type === 'HOURLY' ? `${line.hours} h × ${usd(line.rate)}` : 'flat'}
                    </Typography>
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{usd(line.amount)}</Typography>
                </Box>
              ))}
            </CardContent>
          </Card>
        </Box>
        <TotalsSection quote={wo.quote} />
      </Box>
    </Page>
  );
}
