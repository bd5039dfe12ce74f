import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { EmptyState, type TEmptyAction } from './empty-state';

/** True below the `md` breakpoint: a board shows cards there instead of its table. */
export function useNarrow(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
}

export interface BoardProps {
  /** The prefix of the board's test ids: `<testId>-search`, `-helper`, `-loading`, `-error`, `-empty`. */
  testId: string;
  search: {
    label: string;
    placeholder?: string;
    value: string;
    onChange(value: string): void;
    /** The field's width from `md` up. */
    maxWidth: number;
    /** The message under the field when a search matches nothing, else null. */
    noMatch: string | null;
  };
  /** The first load (a status line with `loadingText`) and a refresh (a thin bar). */
  pending: boolean;
  fetching: boolean;
  loadingText: string;
  /** The load's failure, as the board words it, or null. */
  errorText: string | null;
  /** The line shown when the board has nothing, or null while it has rows or has not settled. */
  emptyText: string | null;
  /** The next step offered under it, for the roles that may take it. */
  emptyAction?: TEmptyAction | null;
  /** A note above the rows (a capped answer). */
  notice?: ReactNode;
  /** The board's Export (a `ListExportButton` of its export route and search), beside the search field. */
  exportButton?: ReactNode;
  /** How many rows there are to show: the table or cards are drawn only for some. */
  count: number;
  /** The rows at desk width and on a phone. */
  table(): ReactNode;
  cards(): ReactNode;
}

/**
 * The scaffold of a board page (committed transfers, committed sales): its search field (and Export), the refresh bar, the loading
 * line, the load error, the empty line, an optional notice, then a table at desk width or cards on a phone. The page
 * owns the data, the search and the rows; this draws the rest the same way on every board.
 */
export function Board(props: BoardProps) {
  const narrow = useNarrow();
  const { search, testId } = props;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
        <TextField
          label={search.label}
          placeholder={search.placeholder}
          type="search"
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          fullWidth
          size="small"
          sx={{ maxWidth: { md: search.maxWidth } }}
          error={search.noMatch !== null}
          helperText={search.noMatch ?? ' '}
          slotProps={{
            htmlInput: { maxLength: 100, 'data-testid': `${testId}-search` },
            formHelperText: { 'data-testid': `${testId}-helper` } as object,
          }}
        />
        {props.exportButton && <Box sx={{ flexShrink: 0, pt: 0.5 }}>{props.exportButton}</Box>}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {props.fetching && !props.pending && <LinearProgress aria-label="Refreshing" />}
      </Box>
      {props.pending && (
        <Box role="status" data-testid={`${testId}-loading`}>
          <LinearProgress />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {props.loadingText}
          </Typography>
        </Box>
      )}
      {props.errorText !== null && (
        <Alert severity="error" data-testid={`${testId}-error`} sx={{ overflowWrap: 'anywhere' }}>
          {props.errorText}
        </Alert>
      )}
      {props.emptyText !== null && (
        <EmptyState kind="none" message={props.emptyText} action={props.emptyAction} testId={`${testId}-empty`} />
      )}
      {props.search.noMatch !== null && props.count === 0 && (
        <EmptyState
          kind="no-match"
          message={props.search.noMatch}
          action={{ label: 'Clear search', onClick: () => props.search.onChange('') }}
          testId={`${testId}-no-match`}
        />
      )}
      {props.notice}
      {props.count > 0 && (narrow ? props.cards() : props.table())}
    </>
  );
}

/** A board card's first line: its title at the left, a short figure or reference at the right. */
export function BoardCardHeading({ title, aside }: { title: ReactNode; aside: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {aside}
    </Box>
  );
}

/** A board's table at desk width: its headers on one line each, then the page's rows. */
export function BoardTable(props: {
  label: string;
  testId: string;
  headers: readonly (string | { label: string; align: 'right' })[];
  children: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={props.label} data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.headers.map((h) => {
              const { label, align } = typeof h === 'string' ? { label: h, align: undefined } : h;
              return (
                <TableCell key={label} align={align} sx={{ whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>{props.children}</TableBody>
      </Table>
    </TableContainer>
  );
}
