import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { CARRIER_SHIP_COMPANY, type TInvoiceUploadResult, type TReconciliationCarrier } from '@keystone/contracts';
import { uploadCarrierInvoice, useGeneratedTransactions } from '../api/shipping-reconciliation-api';
import { ReconciliationDashboard } from './reconciliation-dashboard';
import { ReconciliationFrame, useMockSwitch } from './reconciliation-frame';
import { queryErrorText } from './query-error';

/** 002 §9: upload success messages clear after 5 seconds. */
const UPLOAD_MESSAGE_MS = 5_000;
/** The filename the mock sample is generated under (the server ignores it with mock=1). */
const MOCK_FILENAME = 'mock-sample';

/**
 * A carrier's page (002 §2 /ups, /fedex, /ceva; §4 upload flow): choose a file, Upload (answers a filename), then
 * Submit generates the shipping transactions and shows them on the dashboard.
 */
export function CarrierPage({ carrier }: { carrier: TReconciliationCarrier }) {
  const name = CARRIER_SHIP_COMPANY[carrier];
  const { mock, control } = useMockSwitch();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<TInvoiceUploadResult | null>(null);
  const [uploadMessage, setUploadMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [generateFor, setGenerateFor] = useState<string | null>(null);
  const generated = useGeneratedTransactions(carrier, generateFor, mock);

  useEffect(() => {
    if (uploadMessage?.severity !== 'success') return;
    const t = setTimeout(() => setUploadMessage(null), UPLOAD_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [uploadMessage]);
  useEffect(() => setGenerateFor(null), [mock]);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    setUploadMessage(null);
    try {
      const result = await uploadCarrierInvoice(carrier, file);
      setUploaded(result);
      setUploadMessage({
        severity: 'success',
        text: `Uploaded ${result.filename}: ${result.lines} billed lines, ${result.trackingNumbers} tracking numbers.`,
      });
    } catch (error) {
      setUploaded(null);
      setUploadMessage({ severity: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setUploading(false);
    }
  };
  const filename = mock ? MOCK_FILENAME : (uploaded?.filename ?? null);

  return (
    <ReconciliationFrame title={`${name} Shipping Reconciliation`} mockControl={control}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <input
              ref={input}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              hidden
              data-testid="invoice-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setUploaded(null);
                setUploadMessage(null);
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={mock}
            >
              Choose File
            </Button>
            <Typography
              variant="body2"
              sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              data-testid="chosen-file"
            >
              {mock ? 'Mock data: the embedded sample' : (file?.name ?? `No ${name} invoice file chosen`)}
            </Typography>
            <Button
              variant="outlined"
              disabled={mock || !file || uploading || uploaded !== null}
              onClick={() => void upload()}
            >
              {uploading ? 'Uploading…' : 'Upload'}
            </Button>
            <Button
              variant="contained"
              disabled={filename === null || generated.isFetching}
              onClick={() => (filename === generateFor ? void generated.refetch() : setGenerateFor(filename))}
            >
              Submit
            </Button>
          </Stack>
          {uploading || generated.isFetching ? <LinearProgress sx={{ mt: 1.5 }} /> : null}
          {uploadMessage ? (
            <Alert severity={uploadMessage.severity} sx={{ mt: 1.5 }} data-testid="upload-message">
              {uploadMessage.text}
            </Alert>
          ) : null}
          {uploaded && !mock ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="uploaded-filename">
              File: {uploaded.filename}
            </Typography>
          ) : null}
        </Paper>
        {generated.isError ? <Alert severity="error">{queryErrorText(generated.error)}</Alert> : null}
        {generated.data && generateFor !== null ? (
          <Box>
            <ReconciliationDashboard result={generated.data} mock={mock} />
          </Box>
        ) : null}
      </Stack>
    </ReconciliationFrame>
  );
}

export const UpsReconciliationPage = () => <CarrierPage carrier="ups" />;
export const FedexReconciliationPage = () => <CarrierPage carrier="fedex" />;
export const CevaReconciliationPage = () => <CarrierPage carrier="ceva" />;
