import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Button, MenuItem, TextField } from '@mui/material';
import { AUDIT_MESSAGES, auditTypeOf, type TAuditBatch, type TAuditItem } from '@keystone/contracts';
import { CameraScanButton } from '../../../lib/scan/camera-scan-button';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { playSound } from '../../../lib/scan/sounds';
import { usePageScans } from '../../../lib/scan/use-page-scans';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { productOfUpc, useAuditBucketNames, useModelSearch, useRequestAuditItem } from '../api/audits-api';
import { firstError } from './audit-errors';

/** The model search's debounce (002 §5: product search is debounced 500 ms). */
export const MODEL_SEARCH_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * Request an item (001 §7 audit-adjustments/request): a model (autocomplete of GET /api/product?modelTerm=, typed
 * at least 500 ms) and a bucket (the audit's default bucket unless changed). The tally starts then: the server
 * takes the snapshot of on-hand. The new item opens for scanning. Or scan its UPC: the scan engine's UPC
 * field (a scan anywhere on the page, or the camera, lands there too) finds the product by UPC and requests it in
 * the bucket chosen (docs/decisions.md "Request an audit item by scanning its UPC").
 */
export function RequestItemForm({
  batch,
  disabled,
  paused = false,
  onRequested,
}: {
  batch: TAuditBatch;
  disabled: boolean;
  /** A dialog of the page is open: the scan field takes no focus back, and page scans are the dialog's. */
  paused?: boolean;
  onRequested(item: TAuditItem): void;
}) {
  const buckets = useAuditBucketNames();
  const request = useRequestAuditItem();
  const [model, setModel] = useState('');
  const [bucket, setBucket] = useState(batch.default_audit_bucket);
  const [error, setError] = useState<string | null>(null);
  const term = useDebounced(model.trim(), MODEL_SEARCH_DEBOUNCE_MS);
  const search = useModelSearch(term);
  const found = search.data ?? [];
  const bucketChoices = buckets.data?.includes(batch.default_audit_bucket)
    ? buckets.data
    : [batch.default_audit_bucket, ...(buckets.data ?? [])];

  async function requestProduct(product: Parameters<typeof auditTypeOf>[0] & { model: string }) {
    return request.mutateAsync({
      model: product.model,
      auditBucket: bucket,
      auditBatchId: batch.audit_batch_id,
      auditBatchName: batch.audit_batch_name,
      auditTypeCode: auditTypeOf(product),
      scanningRequired: true,
    });
  }

  // A scanned UPC is a unit of its own (no serials): its product is looked up, then requested.
  const feedback = useScanFeedback();
  const [looking, setLooking] = useState(false);
  const engine = useScanEngine({
    feedback,
    page: true,
    paused,
    ready: !disabled,
    busy: looking,
    serialsPerUnit: 0,
    checkUpc: () => null,
    checkSerial: () => null,
    submit: ({ upc }) => void requestByUpc(upc),
  });
  const { readOnly: _readOnly, ...upcField } = engine.upcField;
  // A scan with focus outside any field (the page, a button) is a UPC to request, not a global route.
  usePageScans((scan) => {
    engine.scan('upc', scan);
    return true;
  }, !disabled && !paused);

  async function requestByUpc(upc: string) {
    setError(null);
    setLooking(true);
    try {
      const product = await productOfUpc(upc);
      if (!product) {
        engine.fail(AUDIT_MESSAGES.unknownUpc(upc));
        return;
      }
      const answer = await requestProduct(product);
      feedback.show('good', `Requested ${product.model} (${upc})`);
      playSound('good');
      onRequested(answer.audit_item);
    } catch (e) {
      engine.fail(firstError(e));
    } finally {
      setLooking(false);
    }
  }

  async function submit() {
    setError(null);
    const typed = model.trim();
    if (!typed) return;
    const product = found.find((p) => p.model_number.toUpperCase() === typed.toUpperCase());
    if (!product) {
      // The search may not have answered for this text yet: ask for the model itself.
      setError(
        search.isFetching || term !== typed
          ? 'Still searching: try again in a moment.'
          : AUDIT_MESSAGES.unknownModel(typed),
      );
      return;
    }
    try {
      const answer = await requestProduct({ ...product, model: product.model_number });
      setModel('');
      onRequested(answer.audit_item);
    } catch (e) {
      setError(firstError(e));
    }
  }

  return (
    <Box
      component="form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
      sx={{ display: 'grid', gap: 1 }}
      data-testid="request-item-form"
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Scan UPC"
          {...upcField}
          size="small"
          autoComplete="off"
          disabled={disabled}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'request-upc', maxLength: 40, inputMode: 'numeric' } }}
        />
        <CameraScanButton />
      </Box>
      <ScanFeedback feedback={feedback.feedback} testId="request-upc-feedback" />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Autocomplete
          freeSolo
          options={found.map((p) => p.model_number)}
          filterOptions={(o) => o}
          inputValue={model}
          onInputChange={(_, v) => {
            setModel(v);
            setError(null);
          }}
          loading={search.isFetching}
          disabled={disabled}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Model"
              size="small"
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'request-model', maxLength: 100 },
              }}
            />
          )}
        />
        <TextField
          select
          label="Bucket"
          value={bucket}
          onChange={(e) => setBucket(e.target.value)}
          size="small"
          disabled={disabled}
          sx={{ flex: '0 1 200px', minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'request-bucket' } }}
        >
          {bucketChoices.map((b) => (
            <MenuItem key={b} value={b}>
              {b}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={disabled || !model.trim() || request.isPending}
          data-testid="request-item"
          sx={{ height: 40 }}
        >
          Request Item
        </Button>
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="request-item-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}
