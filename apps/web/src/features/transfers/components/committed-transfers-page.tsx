import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { exportCommittedTransfersBoardRoute, type TCommittedTransferBoardRow } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { Board, BoardCardHeading, BoardTable } from '../../../lib/board';
import { formatTimestamp } from '../../../lib/format-date';
import { ListExportButton } from '../../../lib/list-export';
import { SavedViewsControl, useViewParams } from '../../../lib/saved-views';
import { Page } from '../../../shell/page';
import { LiveIndicator } from '../../../lib/live/live-indicator';
import { useCommittedTransfersBoard } from '../api/committed-transfers-api';
import { batchLabel, noTransferResultsMessage, transferPagePath, transferProgress } from './transfer-board-rules';

function Progress({ row }: { row: TCommittedTransferBoardRow }) {
  const { label, percent } = transferProgress(row);
  return (
    <Box sx={{ minWidth: 90 }} data-testid="transfer-progress">
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Scanned ${label}`}
        color={percent === 100 ? 'success' : 'primary'}
      />
    </Box>
  );
}

function ModelLink({ row }: { row: TCommittedTransferBoardRow }) {
  return (
    <Link component={RouterLink} to={transferPagePath(row.product.model)} data-testid="transfer-model-link">
      {row.product.model}
    </Link>
  );
}

const HEADERS = [
  'Reference',
  'Model',
  'Title',
  'From',
  'To',
  'Progress',
  'Scanning Required',
  'Batch',
  'Committed By',
  'Committed At',
  'Notes',
];

function TransfersTable({ rows }: { rows: TCommittedTransferBoardRow[] }) {
  return (
    <BoardTable label="Committed transfers" testId="committed-transfers-table" headers={HEADERS}>
      {rows.map((r) => (
        <TableRow key={r.id} hover data-testid="committed-transfer-row" data-reference={r.ims_transaction_reference_id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.ims_transaction_reference_id}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <ModelLink row={r} />
          </TableCell>
          <TableCell sx={{ minWidth: 150 }}>{r.product.product_title}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.from_bucket}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.to_bucket}</TableCell>
          <TableCell>
            <Progress row={r} />
          </TableCell>
          <TableCell>{r.scanning_required ? 'Yes' : 'No'}</TableCell>
          <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>{batchLabel(r)}</TableCell>
          <TableCell sx={{ overflowWrap: 'break-word', minWidth: 90 }}>{r.committed_by_name ?? ''}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(r.committed_at)}</TableCell>
          <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120, maxWidth: 220 }}>
            {r.commit_notes ?? ''}
          </TableCell>
        </TableRow>
      ))}
    </BoardTable>
  );
}

/** On a phone: a card per transfer, the model, the route and the progress first, and a button to the scan page. */
function TransfersCards({ rows }: { rows: TCommittedTransferBoardRow[] }) {
  return (
    <Stack spacing={1.5} data-testid="committed-transfers-cards">
      {rows.map((r) => (
        <Card
          key={r.id}
          variant="outlined"
          data-testid="committed-transfer-row"
          data-reference={r.ims_transaction_reference_id}
        >
          <CardContent sx={{ pb: 0 }}>
            <BoardCardHeading
              title={<ModelLink row={r} />}
              aside={
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {r.ims_transaction_reference_id}
                </Typography>
              }
            />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {r.product.product_title}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', my: 0.5 }}>
              {r.from_bucket} → {r.to_bucket}
            </Typography>
            <Progress row={r} />
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere', mt: 0.5 }}
            >
              {[
                batchLabel(r),
                r.committed_by_name,
                formatTimestamp(r.committed_at),
                r.scanning_required ? 'Scanning required' : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {r.commit_notes && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {r.commit_notes}
              </Typography>
            )}
          </CardContent>
          <CardActions>
            <Button size="small" component={RouterLink} to={transferPagePath(r.product.model)}>
              Open Transfer Page
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

/** The search reaches the server after a pause in typing (the board can be longer than one answer). */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

const rawResponse = (error: unknown) =>
  error instanceof ApiCallError
    ? typeof error.body === 'string'
      ? error.body || `The server responded with ${error.status}`
      : JSON.stringify(error.body)
    : String(error);

/**
 * /committed-transfers (001 §2 boards, 002 §2): every open committed transfer across models, its progress, route,
 * batch and committer, each linking to its model's transfer page. A table at desk width, cards on a phone.
 */
export function CommittedTransfersPage() {
  const [params, setParams] = useViewParams();
  const search = (params.get('search') ?? '').slice(0, 100);
  const setSearch = (value: string) => setParams({ search: value });
  const term = useDebounced(search);
  const { data, isPending, isError, error, isFetching, isPlaceholderData } = useCommittedTransfersBoard(term);
  const rows = data?.data ?? [];
  const settled = !!data && !isPlaceholderData && term === search;
  const noMatch = settled && term.trim() !== '' && rows.length === 0;

  return (
    <Page
      title="Committed Transfers"
      actions={
        <>
          <SavedViewsControl list="committed-transfers" />
          <LiveIndicator />
        </>
      }
    >
      <Board
        testId="committed-transfers"
        search={{
          label: 'Search transfers',
          placeholder: 'Model, reference, bucket, batch or committer',
          value: search,
          onChange: setSearch,
          maxWidth: 480,
          noMatch: noMatch ? noTransferResultsMessage(term.trim()) : null,
        }}
        pending={isPending}
        fetching={isFetching}
        loadingText="Loading committed transfers…"
        errorText={isError ? rawResponse(error) : null}
        emptyText={settled && !term.trim() && rows.length === 0 ? 'No committed transfers are open.' : null}
        exportButton={
          <ListExportButton route={exportCommittedTransfersBoardRoute} query={term.trim() ? { search: term } : {}} />
        }
        notice={
          data &&
          data.total > rows.length && (
            <Alert severity="info" sx={{ mb: 1 }} data-testid="committed-transfers-capped">
              Showing the oldest {rows.length} of {data.total} open transfers; search to narrow the board.
            </Alert>
          )
        }
        count={rows.length}
        table={() => <TransfersTable rows={rows} />}
        cards={() => <TransfersCards rows={rows} />}
      />
    </Page>
  );
}
