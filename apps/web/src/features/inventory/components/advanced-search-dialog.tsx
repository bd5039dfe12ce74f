import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useBucketNames } from '../api/inventory-api';

/** Advanced Search (001 §2): a model and a bucket; the search then keeps products with on-hand in that bucket. Mounted while open. */
export function AdvancedSearchDialog({
  open,
  initial,
  onClose,
  onSearch,
}: {
  open: boolean;
  initial: { model: string; bucket: string | null };
  onClose(): void;
  onSearch(value: { model: string; bucket: string | null }): void;
}) {
  const buckets = useBucketNames(open);
  const [model, setModel] = useState(initial.model);
  const [bucket, setBucket] = useState<string | null>(initial.bucket);
  const canSearch = model.trim().length > 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Advanced Search</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Model" size="small" value={model} onChange={(e) => setModel(e.target.value)} autoFocus />
          <Autocomplete
            options={buckets.data ?? []}
            value={bucket}
            onChange={(_, value) => setBucket(value)}
            loading={buckets.isPending}
            renderInput={(props) => <TextField {...props} size="small" label="Bucket" />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!canSearch} onClick={() => onSearch({ model: model.trim(), bucket })}>
          Search
        </Button>
      </DialogActions>
    </Dialog>
  );
}
