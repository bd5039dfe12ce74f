import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { EmptyState } from '../../../lib/empty-state';
import { TRANSFER_AND_BIN_TABLE_PAGES, useClientPages } from '../../../shell/table-pages';

/** Transfer tables (001 §9): 5, 10 or 25 rows per page, 10 by default (shell/table-pages), a fixed height of 420 px. */
export const TRANSFER_TABLE_HEIGHT = 420;

export interface TColumn<T> {
  label: string;
  render(row: T): ReactNode;
  minWidth?: number;
  /** Free text that may wrap (notes); other cells keep to one line and the table scrolls sideways on a phone. */
  wrap?: boolean;
}

export function PagedTable<T>({
  rows,
  columns,
  rowKey,
  empty,
  noMatch,
  testId,
}: {
  rows: T[];
  columns: TColumn<T>[];
  rowKey(row: T): string | number;
  empty: string;
  /** Given while a search narrows the rows: what an empty table says then, with a way to clear the search. */
  noMatch?: { message: string; onClear(): void };
  testId: string;
}) {
  const { rows: shown, pagination } = useClientPages(rows, TRANSFER_AND_BIN_TABLE_PAGES);
  return (
    <Box data-testid={testId}>
      <TableContainer sx={{ height: TRANSFER_TABLE_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.label}
                  sx={{ minWidth: c.minWidth, fontWeight: 700, whiteSpace: c.wrap ? undefined : 'nowrap' }}
                >
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={rowKey(row)} data-testid={`${testId}-row`}>
                {columns.map((c) => (
                  <TableCell
                    key={c.label}
                    sx={
                      c.wrap
                        ? { verticalAlign: 'top', minWidth: c.minWidth, overflowWrap: 'anywhere' }
                        : { verticalAlign: 'top', whiteSpace: 'nowrap' }
                    }
                  >
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  {noMatch ? (
                    <EmptyState
                      kind="no-match"
                      message={noMatch.message}
                      action={{ label: 'Clear search', onClick: noMatch.onClear }}
                      testId={`${testId}-no-match`}
                    />
                  ) : (
                    <EmptyState kind="none" message={empty} testId={`${testId}-empty`} />
                  )}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination component="div" {...pagination} />
    </Box>
  );
}
