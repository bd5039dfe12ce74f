import { Link as RouterLink } from 'react-router';
import { Card, CardActionArea, CardContent, Paper, Stack, Typography } from '@mui/material';
import { Page } from '../../../shell/page';
import { MENU_PATH } from './reconciliation-frame';
import { TrackingSearchForm } from './tracking-search-form';

const ENTRIES = [
  { path: `${MENU_PATH}/ups`, title: 'UPS', text: 'Upload a UPS billing data file and reconcile its charges.' },
  { path: `${MENU_PATH}/fedex`, title: 'FedEx', text: 'Upload a FedEx invoice CSV and reconcile its charges.' },
  { path: `${MENU_PATH}/ceva`, title: 'CEVA', text: 'Upload a CEVA invoice file and reconcile its charges.' },
  {
    path: `${MENU_PATH}/generic`,
    title: 'Generic',
    text: 'Shipping transactions by date shipped, warehouse and carrier.',
  },
] as const;

/** 002 §2 /shipping-reconciliation: the menu of the carrier pages, the generic view and the tracking-number search. */
export function ReconciliationMenuPage() {
  return (
    <Page title="Shipping Reconciliation">
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {ENTRIES.map((e) => (
            <Card key={e.path} variant="outlined" sx={{ flex: { sm: '1 1 220px' } }}>
              <CardActionArea component={RouterLink} to={e.path} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6">{e.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {e.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Search
          </Typography>
          <TrackingSearchForm />
        </Paper>
      </Stack>
    </Page>
  );
}
