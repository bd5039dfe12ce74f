import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import {
  REPORT_MESSAGES,
  replicaLagNotice,
  type TReportCatalogueEntry,
  type TReportParameter,
} from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { ReportDownloadProgress } from '../../../lib/report-download/report-download-progress';
import { useReportDownload } from '../../../lib/report-download/use-report-download';
import {
  queueReportCsv,
  reportCsvRequest,
  reportJobFileRequest,
  useGenericReport,
  useReportCatalogue,
  useReportJob,
} from '../api/reports-api';
import { defaultValues, downloadsInBackground, type TParameterValues } from '../api/report-view';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

const DATE_FORMAT = 'YYYY-MM-DD';

function ParameterField({
  parameter,
  value,
  onChange,
}: {
  parameter: TReportParameter;
  value: string;
  onChange: (value: string) => void;
}) {
  switch (parameter.type) {
    case 'date': {
      const date = value ? dayjs(value) : null;
      return (
        <DatePicker
          label={parameter.label}
          format={DATE_FORMAT}
          value={date && date.isValid() ? date : null}
          onChange={(next: Dayjs | null) => {
            if (next === null) onChange('');
            else if (next.isValid()) onChange(next.format(DATE_FORMAT));
          }}
          slotProps={{ textField: { size: 'small', name: parameter.name, sx: { width: { xs: '100%', sm: 170 } } } }}
        />
      );
    }
    case 'select':
      return (
        <TextField
          select
          size="small"
          label={parameter.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          sx={{ minWidth: 180 }}
        >
          {(parameter.options ?? []).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'boolean':
      return (
        <FormControlLabel
          control={
            <Checkbox checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />
          }
          label={parameter.label}
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          label={parameter.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', name: parameter.name } }}
          sx={{ width: { xs: '100%', sm: 150 } }}
        />
      );
    case 'text':
      return (
        <TextField
          size="small"
          label={parameter.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { name: parameter.name } }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
      );
  }
}

/** The CSV download: streamed at once, or through a background job (its rows written shown) for long reports. */
function DownloadCsv({
  entry,
  submitted,
  background,
  rowCount,
}: {
  entry: TReportCatalogueEntry;
  submitted: TParameterValues;
  background: boolean;
  rowCount: number | null;
}) {
  const download = useReportDownload();
  const [jobId, setJobId] = useState<number | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const job = useReportJob(jobId);
  const status = job.data?.status;
  const { start } = download;
  useEffect(() => {
    if (jobId !== null && status === 'succeeded') {
      setJobId(null);
      void start(reportJobFileRequest(jobId));
    }
  }, [jobId, status, start]);
  const run = async () => {
    setQueueError(null);
    if (!background) {
      await download.start(reportCsvRequest(entry.slug, submitted));
      return;
    }
    try {
      const queued = await queueReportCsv(entry.slug, submitted);
      setJobId(queued.id);
    } catch (error) {
      setQueueError(serverMessage(error) ?? 'The download could not be started.');
    }
  };
  const writing = jobId !== null && status !== 'failed';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => void run()} disabled={download.busy || writing}>
          Download CSV
        </Button>
        {background ? (
          <Typography variant="caption" color="text.secondary">
            A long report: the file is written in the background first.
          </Typography>
        ) : null}
      </Stack>
      {writing ? (
        <div data-testid="report-job-progress">
          <LinearProgress
            variant={rowCount ? 'determinate' : 'indeterminate'}
            value={rowCount ? Math.min(100, ((job.data?.progress_done ?? 0) / rowCount) * 100) : undefined}
          />
          <Typography variant="caption" color="text.secondary">
            Writing the file… {formatCount(job.data?.progress_done ?? 0)}
            {rowCount ? ` of ${formatCount(rowCount)}` : ''} rows
          </Typography>
        </div>
      ) : null}
      {status === 'failed' ? (
        <Alert severity="error">{job.data?.error ?? 'The report file could not be written.'}</Alert>
      ) : null}
      {queueError ? <Alert severity="error">{queueError}</Alert> : null}
      <ReportDownloadProgress progress={download.busy ? download.progress : null} />
      {download.error ? <Alert severity="error">{download.error}</Alert> : null}
    </Stack>
  );
}

function GenericReport({ entry }: { entry: TReportCatalogueEntry }) {
  const defaults = useMemo(() => defaultValues(entry), [entry]);
  const [values, setValues] = useState<TParameterValues>(defaults);
  const [submitted, setSubmitted] = useState<TParameterValues>(defaults);
  const report = useGenericReport(entry.slug, submitted);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted({ ...values });
  };
  const errors = report.error
    ? ((report.error as { body?: { errors?: Record<string, string[]> } }).body?.errors ?? null)
    : null;
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5" component="h1">
          {entry.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {entry.category} · {entry.description}
        </Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} aria-label="Report parameters">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
        >
          {entry.parameters.map((p) => (
            <ParameterField
              key={p.name}
              parameter={p}
              value={values[p.name] ?? ''}
              onChange={(v) => setValues((current) => ({ ...current, [p.name]: v }))}
            />
          ))}
          <Button type="submit" variant="contained">
            Run Report
          </Button>
        </Stack>
      </Paper>
      {report.isFetching ? <LinearProgress /> : null}
      {report.isError ? (
        <Alert severity="error">
          {serverMessage(report.error) ?? 'The report could not be run.'}
          {errors
            ? ` ${Object.entries(errors)
                .map(
                  ([field, messages]) =>
                    `${entry.parameters.find((p) => p.name === field)?.label ?? field}: ${messages.join(', ')}`,
                )
                .join('; ')}`
            : ''}
        </Alert>
      ) : null}
      {report.data ? (
        <>
          {report.data.replicaLagSeconds !== null ? (
            <Alert severity="warning" data-testid="report-replica-lag">
              {replicaLagNotice(report.data.replicaLagSeconds)}
            </Alert>
          ) : null}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            <Typography variant="body2" data-testid="report-row-count">
              {report.data.truncated
                ? `Showing the first ${formatCount(report.data.rows.length)} of ${formatCount(report.data.rowCount)} rows; the CSV has them all.`
                : `${formatCount(report.data.rowCount)} ${report.data.rowCount === 1 ? 'row' : 'rows'}`}
            </Typography>
            <DownloadCsv
              entry={entry}
              submitted={submitted}
              background={downloadsInBackground(entry, report.data)}
              rowCount={report.data.rowCount}
            />
          </Stack>
          {report.data.rows.length === 0 ? (
            <Typography color="text.secondary">{REPORT_MESSAGES.noRows}</Typography>
          ) : null}
          {entry.chart && report.data.rows.length > 0 ? <ReportChart chart={entry.chart} result={report.data} /> : null}
          <ReportTable result={report.data} />
        </>
      ) : null}
    </Stack>
  );
}

/** 002 §2 /reports/{reportName}: the generic report page (parameters form, chart, sortable table, CSV download). */
export function GenericReportPage() {
  const { reportName = '' } = useParams();
  const catalogue = useReportCatalogue();
  const entry = catalogue.data?.reports.find((r) => r.kind === 'generic' && r.slug === reportName);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 } }}>
      {catalogue.isPending ? <LinearProgress /> : null}
      {catalogue.isError ? (
        <Alert severity="error">{serverMessage(catalogue.error) ?? 'The reports could not be loaded.'}</Alert>
      ) : null}
      {catalogue.data && !entry ? <Alert severity="warning">{REPORT_MESSAGES.unknownReport(reportName)}</Alert> : null}
      {entry ? <GenericReport key={entry.slug} entry={entry} /> : null}
    </Stack>
  );
}
