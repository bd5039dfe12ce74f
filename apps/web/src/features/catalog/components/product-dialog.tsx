import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { PRODUCT_MESSAGES, type TCatalogProduct } from '@keystone/contracts';
import { queueSaved, queueSuccess } from '../../../lib/message-queue';
import { useSaveShortcut } from '../../../lib/shortcuts';
import { useCan } from '../../../lib/session-store';
import { useDeleteProduct, useProduct, useUpdateProduct } from '../api/catalog-api';
import { ProductFormFields } from './product-form-fields';
import {
  formToPayload,
  productResolver,
  productToForm,
  queueFailure,
  serverFailure,
  type TProductFormField,
  type TProductFormValues,
} from './product-form';

/** The view, update and delete dialog of one product (002 §2). */
export function ProductDialog({ productId, onClose }: { productId: number; onClose: () => void }) {
  const product = useProduct(productId);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{product.data ? `Product ${product.data.model_number}` : 'Product'}</DialogTitle>
      {product.data ? (
        <ProductEditor product={product.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {product.isError ? <Alert severity="error">The product could not be loaded.</Alert> : <CircularProgress />}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProductEditor({ product, onClose }: { product: TCatalogProduct; onClose: () => void }) {
  const canWrite = useCan('dev-route:view');
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal is shown at the top of the dialog: bring it into view wherever the dialog was scrolled.
  useEffect(() => {
    if (message) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  const { control, handleSubmit, setError, setValue, formState } = useForm<TProductFormValues>({
    resolver: productResolver('update'),
    defaultValues: productToForm(product),
  });

  const saveForm = useRef<HTMLFormElement>(null);
  useSaveShortcut(saveForm, { inDialog: true, description: 'Save the product' });
  const save = async (values: TProductFormValues) => {
    setMessage(null);
    try {
      await update.mutateAsync({ id: product.id, body: formToPayload(values) });
      queueSaved('Product', values.model_number, PRODUCT_MESSAGES.updated);
      onClose();
    } catch (error) {
      const failure = serverFailure(error);
      setMessage(failure.message);
      for (const [field, text] of Object.entries(failure.fields))
        setError(field as TProductFormField, { type: 'server', message: text });
      queueFailure(error);
    }
  };

  const confirmDelete = async () => {
    setConfirming(false);
    setMessage(null);
    try {
      await remove.mutateAsync(product.id);
      queueSuccess(`${PRODUCT_MESSAGES.deleted} ${product.model_number}`);
      onClose();
    } catch (error) {
      setMessage(serverFailure(error).message);
      queueFailure(error);
    }
  };

  return (
    <>
      <DialogContent dividers>
        {message && (
          <Alert ref={alertRef} severity="error" role="alert" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        <Box
          ref={saveForm}
          component="form"
          id="product-update-form"
          noValidate
          onSubmit={(e) => void handleSubmit(save)(e)}
          sx={{ pt: 1 }}
        >
          <ProductFormFields
            control={control}
            errors={formState.errors}
            setValue={setValue}
            quantities={product}
            disabled={!canWrite}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canWrite && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={remove.isPending} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        {canWrite && (
          <Button type="submit" form="product-update-form" variant="contained" disabled={update.isPending}>
            Update
          </Button>
        )}
      </DialogActions>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <DialogContentText>{PRODUCT_MESSAGES.deleteConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>No</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()}>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
