import { useState } from 'react';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { UPLOAD_MESSAGES, UPLOADS_LIMITS } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { submitSettlement, uploadFailureMessage } from '../api/uploads-api';
import { ChooseFileButton, CsvReview } from './csv-review';
import { useSameNameConfirm } from './same-name';
import { useCsvFile, useTimedMessage } from './use-csv-file';

/**
 * /reports/settlement-upload (002 §2 "Reports", §4, §5, §7): choose a settlement report (.csv, .tsv or .txt), read
 * it by the §5 rules in a web worker, review and remove the flagged rows, Submit: the rows go as a JSON string and
 * the server's message shows for 5 seconds.
 */
export function SettlementUploadPage() {
  const { dialog, ask } = useSameNameConfirm();
  const csv = useCsvFile('settlement', ask);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useTimedMessage(UPLOADS_LIMITS.messageMs);

  const submit = async () => {
    if (!csv.file || !csv.rows.length) return;
    const rows = csv.rows.map((row) => row.values);
    const lines = csv.rows.map((row) => row.line);
    const table = JSON.stringify(rows);
    // The lines go beside the table (under the body limit with it: counted in the table's share).
    if (
      rows.length > UPLOADS_LIMITS.maxRows ||
      table.length + JSON.stringify(lines).length > UPLOADS_LIMITS.maxTableChars
    ) {
      setError(UPLOAD_MESSAGES.tableTooLarge(rows.length));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await submitSettlement(table, lines, csv.file.name);
      csv.markUploaded(csv.file.name);
      csv.reset();
      setMessage(result.message);
    } catch (e) {
      setError(uploadFailureMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Page title="Settlement Upload">
      {dialog}
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {message && (
          <Alert severity="success" data-testid="upload-message" onClose={() => setMessage(null)}>
            {message}
          </Alert>
        )}
        <Card variant="outlined">
          <CardContent>
            <Typography variant="body1" gutterBottom>
              Upload a marketplace settlement report. Each line is imported once: lines already imported by an earlier
              upload are counted, not added again.
            </Typography>
            <ChooseFileButton csv={csv} testId="settlement-file" disabled={submitting} />
            <CsvReview csv={csv} />
            {error && (
              <Alert
                severity="error"
                sx={{ my: 2, whiteSpace: 'pre-line' }}
                data-testid="upload-error"
                onClose={() => setError(null)}
              >
                {error}
              </Alert>
            )}
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={!csv.table || !csv.rows.length || submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ mt: 1 }}
            >
              Submit
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Page>
  );
}
