import { useId, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { queueSaved } from '../../../lib/message-queue';
import { useCreateBrand, useCreateCategory, useCreateManufacturer } from '../api/catalog-api';
import { queueFailure, serverFailure } from './product-form';

export type TTaxonomyKind = 'brand' | 'category' | 'manufacturer';

const LABELS: Record<TTaxonomyKind, { title: string; field: string; created: string }> = {
  brand: { title: 'New Brand', field: 'Brand Name', created: 'Brand Created!' },
  category: { title: 'New Category', field: 'Category Name', created: 'Category Created!' },
  manufacturer: { title: 'New Manufacturer', field: 'Manufacturer Name', created: 'Manufacturer Created!' },
};

/**
 * Creates a brand, category or manufacturer from the product form (002 §2: "Brands and categories can be created
 * from the product area"); `onCreated` gets the new id so the form selects it. The code is derived by the server.
 */
export function NewTaxonomyDialog({
  kind,
  onClose,
  onCreated,
}: {
  kind: TTaxonomyKind;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const brand = useCreateBrand();
  const category = useCreateCategory();
  const manufacturer = useCreateManufacturer();
  const pending = brand.isPending || category.isPending || manufacturer.isPending;
  const labels = LABELS[kind];

  const save = async () => {
    setError(null);
    try {
      const created =
        kind === 'brand'
          ? await brand.mutateAsync({ brand_name: name })
          : kind === 'category'
            ? await category.mutateAsync({ category_name: name })
            : await manufacturer.mutateAsync({ name });
      queueSaved(labels.field.replace(/ Name$/, ''), name, labels.created);
      onCreated(created.id);
      onClose();
    } catch (e) {
      const failure = serverFailure(e);
      const body = (e as { body?: { errors?: Record<string, string[]> } }).body;
      const fieldMessage = Object.values(body?.errors ?? {})[0]?.[0];
      setError(fieldMessage ? `${labels.field} ${fieldMessage}` : failure.message);
      queueFailure(e);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{labels.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={labels.field}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) void save();
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          error={!!error}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!name.trim() || pending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
