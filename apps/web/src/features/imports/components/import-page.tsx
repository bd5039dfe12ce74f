import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
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
import DownloadIcon from '@mui/icons-material/Download';
import {
  IMPORT_ENTITIES,
  IMPORT_ENTITY_LABELS,
  IMPORT_FIELDS,
  IMPORT_OUTCOMES,
  importDryRunRoute,
  uploadAccept,
  type TImport,
  type TImportEntity,
  type TImportOutcome,
} from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { ApiCallError } from '../../../lib/api-client';
import { confirmImport, dryRunImport, exportEntity, useImportJob, useImportRows } from '../api/imports-api';

const OUTCOME_COLORS: Record<TImportOutcome, 'success' | 'info' | 'default' | 'error'> = {
  create: 'success',
  update: 'info',
  unchanged: 'default',
  refused: 'error',
};

/** On a phone the reasons and changes go under the key: a fourth column would be a few letters wide. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'block', sm: 'none' }, mt: 0.5 } as const;

function RowNotes({ reasons, changes }: { reasons: Record<string, string[]>; changes: string[] }) {
  return (
    <>
      {Object.entries(reasons).map(([field, messages]) => (
        <Typography key={field} variant="body2" color="error">
          {field}: {messages.join('; ')}
        </Typography>
      ))}
      {changes.map((c) => (
        <Typography key={c} variant="body2">
          {c}
        </Typography>
      ))}
    </>
  );
}

function failure(error: unknown): string {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: string; errors?: Record<string, string[]> } | null;
    const fields = Object.values(body?.errors ?? {}).flat();
    return fields.length ? fields.join(' ') : (body?.message ?? error.message);
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * /admin/import (docs/decisions.md "Imports"): choose what to import and a file, see the file's headers mapped to
 * fields (guessed, or saved for this layout) and each row's outcome in a dry run; change the mapping and run again;
 * confirm to apply the plan as a background job, its progress shown until it ends. Exports write the same layout.
 */
export function ImportPage() {
  const [entity, setEntity] = useState<TImportEntity>('products');
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<TImport | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [outcome, setOutcome] = useState<TImportOutcome | null>(null);
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const rows = useImportRows(plan?.id ?? null, outcome, offset, outcome !== null || offset > 0);
  const job = useImportJob(jobId);
  const shown = outcome !== null || offset > 0 ? rows.data : plan;

  useEffect(() => {
    setPlan(null);
    setJobId(null);
    setMapping({});
  }, [entity]);

  const run = async (chosen: File, withMapping?: Record<string, string | null>) => {
    setBusy(true);
    setError(null);
    setJobId(null);
    try {
      const result = await dryRunImport(entity, chosen, withMapping);
      setPlan(result);
      setMapping(result.mapping);
      setOutcome(null);
      setOffset(0);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!plan) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmImport(plan.id);
      setJobId(answer.job_id);
      setPlan({ ...plan, status: 'queued', job_id: answer.job_id });
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const fields = IMPORT_FIELDS[entity];
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  const unmappedRequired = fields.filter((f) => f.required && !mapped.has(f.key));
  const mappingChanged = plan !== null && JSON.stringify(mapping) !== JSON.stringify(plan.mapping);
  const applicable = plan ? plan.counts.create + plan.counts.update : 0;
  const jobData = job.data;
  const result = jobData?.result as { created: number; updated: number; skipped: number } | null | undefined;

  return (
    <Page
      title="Import"
      actions={
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => void exportEntity(entity).catch((e) => setError(failure(e)))}
        >
          Export {IMPORT_ENTITY_LABELS[entity]}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="import-entity">What to import</InputLabel>
          <Select
            labelId="import-entity"
            label="What to import"
            value={entity}
            onChange={(e) => setEntity(e.target.value as TImportEntity)}
          >
            {IMPORT_ENTITIES.map((e) => (
              <MenuItem key={e} value={e}>
                {IMPORT_ENTITY_LABELS[e]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="import-file"
          accept={uploadAccept(importDryRunRoute.upload)}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            setFile(chosen);
            if (chosen) void run(chosen);
          }}
        />
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          Choose file (.csv, .xlsx)
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
      </Stack>
      {busy && <LinearProgress sx={{ mb: 2 }} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}

      {plan && (
        <>
          <Typography variant="h6" sx={{ mt: 2 }}>
            Columns
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {plan.mapping_source === 'saved'
              ? 'Mapped as the last file of this layout.'
              : plan.mapping_source === 'guessed'
                ? 'Guessed from the headers: check each column.'
                : 'Mapped as you chose.'}
          </Typography>
          <TableContainer component={Paper} sx={{ mb: 2, maxWidth: 640 }}>
            <Table size="small" aria-label="Column mapping">
              <TableHead>
                <TableRow>
                  <TableCell>Column of the file</TableCell>
                  <TableCell>Field</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.headers.map((header) => (
                  <TableRow key={header}>
                    <TableCell>{header}</TableCell>
                    <TableCell>
                      <Select
                        size="small"
                        fullWidth
                        value={mapping[header] ?? ''}
                        inputProps={{ 'aria-label': `Field of ${header}` }}
                        displayEmpty
                        onChange={(e) => setMapping({ ...mapping, [header]: e.target.value || null })}
                      >
                        <MenuItem value="">
                          <em>Leave out</em>
                        </MenuItem>
                        {fields.map((f) => (
                          <MenuItem key={f.key} value={f.key} disabled={mapped.has(f.key) && mapping[header] !== f.key}>
                            {f.label}
                            {f.required ? ' *' : ''}
                          </MenuItem>
                        ))}
                      </Select>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {unmappedRequired.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              No column is mapped to {unmappedRequired.map((f) => f.label).join(', ')}.
            </Alert>
          )}
          {mappingChanged && file && (
            <Button variant="outlined" sx={{ mb: 2 }} disabled={busy} onClick={() => void run(file, mapping)}>
              Dry run again with this mapping
            </Button>
          )}

          <Typography variant="h6">Dry run</Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }} useFlexGap>
            <Chip
              label={`All ${plan.total_rows}`}
              variant={outcome === null ? 'filled' : 'outlined'}
              onClick={() => {
                setOutcome(null);
                setOffset(0);
              }}
            />
            {IMPORT_OUTCOMES.map((o) => (
              <Chip
                key={o}
                color={OUTCOME_COLORS[o]}
                variant={outcome === o ? 'filled' : 'outlined'}
                label={`${o} ${plan.counts[o]}`}
                onClick={() => {
                  setOutcome(o);
                  setOffset(0);
                }}
              />
            ))}
          </Stack>
          <TableContainer component={Paper} sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-label="Dry run results">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Key</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell sx={WIDE_ONLY}>Reasons and changes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(shown?.rows ?? []).map((r) => (
                  <TableRow key={r.row}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {r.key}
                      <Box sx={NARROW_ONLY}>
                        <RowNotes reasons={r.reasons} changes={r.changes} />
                      </Box>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={OUTCOME_COLORS[r.outcome]} label={r.outcome} />
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      <RowNotes reasons={r.reasons} changes={r.changes} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <Button size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 500))}>
              Previous
            </Button>
            <Button size="small" disabled={(shown?.rows.length ?? 0) < 500} onClick={() => setOffset(offset + 500)}>
              Next
            </Button>
          </Stack>

          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              color="primary"
              disabled={busy || plan.status !== 'dry-run' || applicable === 0 || mappingChanged}
              onClick={() => void confirm()}
            >
              Confirm import ({applicable} {applicable === 1 ? 'row' : 'rows'})
            </Button>
            {plan.counts.refused > 0 && plan.status === 'dry-run' && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Refused rows are left out; fix them in the file and import it again.
              </Typography>
            )}
          </Box>
          {jobData && (
            <Box sx={{ mt: 2, maxWidth: 640 }} aria-label="Import progress">
              {jobData.status === 'failed' ? (
                <Alert severity="error">The import failed and changed nothing: {jobData.error}</Alert>
              ) : jobData.status === 'succeeded' && result ? (
                <Alert severity="success">
                  Imported: {result.created} created, {result.updated} updated, {result.skipped} already as the file
                  says.
                </Alert>
              ) : (
                <>
                  <Typography variant="body2">
                    Importing… {jobData.progress_done} of {jobData.progress_total || applicable}
                  </Typography>
                  <LinearProgress
                    variant={jobData.progress_total ? 'determinate' : 'indeterminate'}
                    value={jobData.progress_total ? (100 * jobData.progress_done) / jobData.progress_total : 0}
                  />
                </>
              )}
            </Box>
          )}
        </>
      )}
    </Page>
  );
}
