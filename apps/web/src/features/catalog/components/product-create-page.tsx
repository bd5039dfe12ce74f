import { useState, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Paper } from '@mui/material';
import { PRODUCT_MESSAGES } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { queueSaved } from '../../../lib/message-queue';
import { useCreateProduct } from '../api/catalog-api';
import { ProductFormFields } from './product-form-fields';
import {
  formToPayload,
  NEW_PRODUCT_FORM,
  productResolver,
  queueFailure,
  serverFailure,
  type TProductFormField,
  type TProductFormValues,
} from './product-form';
import { useSaveShortcut } from '../../../lib/shortcuts';

const ZERO = { qty_on_hand: 0, qty_on_order: 0, qty_committed: 0, qty_on_quoted: 0 };

/** /products/create: the Create New Product form (002 §2, §3 fields and §9 defaults). */
export function ProductCreatePage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, formState, reset } = useForm<TProductFormValues>({
    resolver: productResolver('create'),
    defaultValues: NEW_PRODUCT_FORM,
  });

  const saveForm = useRef<HTMLFormElement>(null);
  useSaveShortcut(saveForm, { description: 'Save the product' });
  const save = async (values: TProductFormValues) => {
    setMessage(null);
    try {
      const product = await create.mutateAsync(formToPayload(values));
      queueSaved('Product', product.model_number, PRODUCT_MESSAGES.created);
      reset(NEW_PRODUCT_FORM);
      void navigate(`/products?modelTerm=${encodeURIComponent(product.model_number)}`);
    } catch (error) {
      const failure = serverFailure(error);
      setMessage(failure.message);
      for (const [field, text] of Object.entries(failure.fields))
        setError(field as TProductFormField, { type: 'server', message: text });
      queueFailure(error);
    }
  };

  return (
    <Page title="Create New Product">
      <Paper
        ref={saveForm}
        component="form"
        noValidate
        onSubmit={(e) => void handleSubmit(save)(e)}
        sx={{ p: { xs: 1.5, md: 3 } }}
      >
        <ProductFormFields control={control} errors={formState.errors} setValue={setValue} quantities={ZERO} />
        {message && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(NEW_PRODUCT_FORM)}>Reset</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create Product
          </Button>
        </Box>
      </Paper>
    </Page>
  );
}
