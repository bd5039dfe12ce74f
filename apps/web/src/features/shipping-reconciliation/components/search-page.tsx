import { useSearchParams } from 'react-router';
import { Alert, LinearProgress, Paper, Stack } from '@mui/material';
import { RECONCILIATION_MESSAGES as M } from '@keystone/contracts';
import { useTrackingSearch } from '../api/shipping-reconciliation-api';
import { queryErrorText } from './query-error';
import { ReconciliationDashboard } from './reconciliation-dashboard';
import { ReconciliationFrame, useMockSwitch } from './reconciliation-frame';
import { TrackingSearchForm, searchValues } from './tracking-search-form';

/** 002 §2 /shipping-reconciliation/search?searchType=&searchValue=: the shipping transactions of the tracking numbers. */
export function ReconciliationSearchPage() {
  const [params] = useSearchParams();
  const searchType = params.get('searchType') ?? 'trackingNumber';
  const searchValue = params.get('searchValue') ?? '';
  const values = searchValues(searchValue);
  const { mock, control } = useMockSwitch();
  const search = useTrackingSearch(values, mock);
  return (
    <ReconciliationFrame title="Shipping Reconciliation Search" mockControl={control}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TrackingSearchForm
            key={`${searchType}|${searchValue}`}
            initialType={searchType}
            initialValue={searchValue}
          />
        </Paper>
        {values.length === 0 ? <Alert severity="info">{M.searchValueRequired}</Alert> : null}
        {search.isFetching ? <LinearProgress /> : null}
        {search.isError ? <Alert severity="error">{queryErrorText(search.error)}</Alert> : null}
        {search.data && values.length > 0 ? <ReconciliationDashboard result={search.data} mock={mock} /> : null}
      </Stack>
    </ReconciliationFrame>
  );
}
