import type { ChangeEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { abbreviateFilename, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '@keystone/contracts';
import type { TCsvRow } from '@keystone/contracts/csv-rules';
import type { CsvFile } from './use-csv-file';

const PREVIEW_ROWS = 5;

/** The file input (002 §2: .csv, .tsv and .txt). */
export function ChooseFileButton({ csv, testId, disabled }: { csv: CsvFile; testId: string; disabled?: boolean }) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void csv.choose(file);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Button
        component="label"
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={disabled || csv.progress !== null}
        sx={{ alignSelf: 'flex-start' }}
      >
        Choose File
        <input hidden type="file" accept={UPLOAD_ACCEPT} onChange={onChange} data-testid={testId} />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {csv.file ? csv.file.name : 'No file chosen (.csv, .tsv or .txt)'}
      </Typography>
    </Stack>
  );
}

/** Progress of the worker's parse, the parse error (002 §8), the summary, the flagged rows and a preview. */
export function CsvReview({ csv }: { csv: CsvFile }) {
  if (csv.progress !== null) {
    const percent = Math.round(csv.progress * 100);
    return (
      <Box sx={{ my: 2 }}>
        <Typography variant="body2" id="csv-progress-label">
          Reading {csv.file?.name}: {percent}%
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-labelledby="csv-progress-label" />
      </Box>
    );
  }
  if (csv.parseError) {
    return (
      <Alert severity="error" sx={{ my: 2 }} data-testid="csv-parse-error">
        <AlertTitle>{UPLOAD_MESSAGES.parseErrorStatus}</AlertTitle>
        {csv.file ? `${abbreviateFilename(csv.file.name)}: ` : ''}
        {csv.parseError}
      </Alert>
    );
  }
  const table = csv.table;
  if (!table) return null;
  const removedCount = csv.removed.size;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Typography variant="body2" data-testid="csv-summary">
        {csv.rows.length} {csv.rows.length === 1 ? 'row' : 'rows'} to send · header on line {table.headerLine} ·{' '}
        {table.delimiter === '\t' ? 'tab' : 'comma'} delimited
        {table.emptyRowsDropped
          ? ` · ${table.emptyRowsDropped} empty ${table.emptyRowsDropped === 1 ? 'row' : 'rows'} skipped`
          : ''}
        {removedCount ? ` · ${removedCount} removed` : ''}
      </Typography>
      {csv.flagged.length > 0 && <FlaggedRows csv={csv} headers={table.headers} />}
      {removedCount > 0 && (
        <Button size="small" onClick={csv.restore} sx={{ alignSelf: 'flex-start' }}>
          Restore removed rows
        </Button>
      )}
      {csv.rows.length > 0 && (
        <Preview rows={csv.rows.slice(0, PREVIEW_ROWS)} headers={table.headers} total={csv.rows.length} />
      )}
    </Stack>
  );
}

const filledCells = (row: TCsvRow) =>
  Object.entries(row.values)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');

/** 002 §5: rows with more than 70% empty cells, for review; each can be removed. */
function FlaggedRows({ csv, headers }: { csv: CsvFile; headers: string[] }) {
  const n = csv.flagged.length;
  return (
    <Alert severity="warning" data-testid="flagged-rows" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>
        {n} {n === 1 ? 'row is' : 'rows are'} flagged for review: more than 70% of {n === 1 ? 'its' : 'their'}{' '}
        {headers.length} cells are empty
      </AlertTitle>
      <Stack spacing={0.5} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {csv.flagged.slice(0, 50).map((row) => (
          <Box
            component="li"
            key={row.line}
            data-testid={`flagged-row-${row.line}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 64 }}>
              Line {row.line}
            </Typography>
            <Typography variant="body2" sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}>
              {filledCells(row) || '(empty)'}
            </Typography>
            <Button
              size="small"
              color="warning"
              onClick={() => csv.remove(row.line)}
              aria-label={`Remove line ${row.line}`}
            >
              Remove
            </Button>
          </Box>
        ))}
      </Stack>
      {n > 50 && <Typography variant="body2">… and {n - 50} more</Typography>}
      <Button size="small" variant="outlined" color="warning" onClick={csv.removeAllFlagged} sx={{ mt: 1 }}>
        Remove all flagged rows
      </Button>
    </Alert>
  );
}

function Preview({ rows, headers, total }: { rows: TCsvRow[]; headers: string[]; total: number }) {
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        First {rows.length} of {total} rows
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="Rows to send">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              {headers.map((h) => (
                <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                {headers.map((h) => (
                  <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                    {row.values[h]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
