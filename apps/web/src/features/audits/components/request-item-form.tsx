import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Box, Button, MenuItem, TextField } from '@mui/material';
import { AUDIT_MESSAGES, auditTypeOf, type TAuditBatch, type TAuditItem } from '@keystone/contracts';
import { useAuditBucketNames, useModelSearch, useRequestAuditItem } from '../api/audits-api';
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
 * takes the snapshot of on-hand. The new item opens for scanning.
 */
export function RequestItemForm({
  batch,
  disabled,
  onRequested,
}: {
  batch: TAuditBatch;
  disabled: boolean;
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
      const answer = await request.mutateAsync({
        model: product.model_number,
        auditBucket: bucket,
        auditBatchId: batch.audit_batch_id,
        auditBatchName: batch.audit_batch_name,
        auditTypeCode: auditTypeOf(product),
        scanningRequired: true,
      });
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
