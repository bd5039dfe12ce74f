import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { UPLOADS_LIMITS } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { syncHoldings, uploadFailureMessage, uploadHoldingsFile } from '../api/uploads-api';
import { tableTextInWorker } from './csv-worker-client';
import { ChooseFileButton, CsvReview } from './csv-review';
import { useSameNameConfirm } from './same-name';
import { useCsvFile, useTimedMessage } from './use-csv-file';

type Step = 'choose' | 'uploading' | 'uploaded' | 'syncing';

/**
 * /ep-holdings/orders/upload (002 §2 "Reports", §4, §5, §7): the holdings CSV upload is a dialog. A file is chosen
 * and read by the §5 rules (flagged rows reviewed, removable), uploaded (the reviewed rows, under the file's name),
 * its filename returned, then Submit syncs the partner's orders and the message shows for 5 seconds.
 */
export function HoldingsUploadPage() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { dialog, ask } = useSameNameConfirm();
  const csv = useCsvFile('holdings', ask);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('choose');
  const [filename, setFilename] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useTimedMessage(UPLOADS_LIMITS.messageMs);
  const working = step === 'uploading' || step === 'syncing';

  const close = () => {
    if (working) return;
    setOpen(false);
    setStep('choose');
    setFilename(null);
    setError(null);
    csv.reset();
  };

  const upload = async () => {
    const file = csv.file;
    if (!file || !csv.table) return;
    setStep('uploading');
    setError(null);
    try {
      // Rows removed in review are not sent: the file goes up as the reviewed table, under its own name.
      const reviewed = csv.removed.size
        ? new File([await tableTextInWorker({ ...csv.table, rows: csv.rows })], file.name, { type: 'text/csv' })
        : file;
      const result = await uploadHoldingsFile(reviewed);
      csv.markUploaded(file.name);
      setFilename(result.filename);
      setStep('uploaded');
    } catch (e) {
      setError(uploadFailureMessage(e));
      setStep('choose');
    }
  };

  const submit = async () => {
    if (!filename) return;
    setStep('syncing');
    setError(null);
    try {
      const result = await syncHoldings(filename);
      setStep('choose');
      close();
      setMessage(result.message);
    } catch (e) {
      setError(uploadFailureMessage(e));
      setStep('uploaded');
    }
  };

  return (
    <Page title="Holdings Orders Upload">
      {dialog}
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        {message && (
          <Alert severity="success" data-testid="upload-message" onClose={() => setMessage(null)}>
            {message}
          </Alert>
        )}
        <Typography>
          Upload the partner&apos;s orders file (.csv, .tsv or .txt) and sync it: each partner order is imported once,
          by its order id. The file needs the columns order-id, sku and quantity (unit-price, order-date and ship-to are
          read when present).
        </Typography>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          onClick={() => setOpen(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Upload Holdings CSV
        </Button>
      </Stack>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby="holdings-dialog-title"
      >
        <DialogTitle id="holdings-dialog-title">Holdings CSV Upload</DialogTitle>
        <DialogContent>
          <ChooseFileButton csv={csv} testId="holdings-file" disabled={working || step === 'uploaded'} />
          {step !== 'uploaded' && step !== 'syncing' && <CsvReview csv={csv} />}
          {filename && (
            <Alert severity="info" sx={{ my: 2 }} data-testid="uploaded-filename">
              Uploaded as {filename}. Submit to sync its orders.
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ my: 2, whiteSpace: 'pre-line' }} data-testid="upload-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={working}>
            Cancel
          </Button>
          <Button
            variant="outlined"
            onClick={() => void upload()}
            disabled={!csv.table || !csv.rows.length || step !== 'choose'}
            startIcon={step === 'uploading' ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Upload
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={step !== 'uploaded'}
            startIcon={step === 'syncing' ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Submit
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
