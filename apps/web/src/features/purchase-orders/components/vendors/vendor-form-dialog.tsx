import { useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ZVendorInputSchema, type TVendor } from '@keystone/contracts';
import { queueSaved } from '../../../../lib/message-queue';
import { useSaveShortcut } from '../../../../lib/shortcuts';
import { useCan } from '../../../../lib/session-store';
import { useCreateVendor, usePurchaseTerms, useUpdateVendor, useVendor } from '../../api/vendors';
import { VendorFormFields } from './vendor-form-fields';
import {
  EMPTY_VENDOR_FORM,
  missingRequired,
  serverFailure,
  vendorToForm,
  type TVendorDialogMode,
  type TVendorFormValues,
} from './vendor-form';

export const VENDOR_DIALOG_TITLES: Record<TVendorDialogMode, string> = {
  create: 'Create a New Vendor',
  edit: 'Edit Vendor',
};

/** Success toasts in the wording of the spec's client messages (the spec names none for vendors). */
export const VENDOR_SAVED_MESSAGES = {
  create: 'Vendor Created!',
  edit: 'Vendor Updated!',
  deleted: 'Vendor Deleted!',
} as const;

const FORM_FIELDS = new Set(Object.keys(EMPTY_VENDOR_FORM));

const contractResolver = zodResolver(ZVendorInputSchema);

/** The contract schema checks the form's formats; the values sent stay the form's own (the server trims). */
const vendorResolver: Resolver<TVendorFormValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options as never);
  return Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as FieldErrors<TVendorFormValues> }
    : { values, errors: {} };
};

/**
 * The vendor form in a dialog. Saving is blocked with the spec's message when a required field is empty; the
 * contract schema checks the formats (rep e-mail, rep phone, lengths); a refusal shows the server's message and
 * puts its field errors under the fields.
 */
function VendorFormDialog({
  mode,
  vendorId,
  initial,
  onClose,
  onSaved,
}: {
  mode: TVendorDialogMode;
  vendorId?: number;
  initial: TVendorFormValues;
  onClose: () => void;
  onSaved?: (vendor: TVendor) => void;
}) {
  const titleId = useId();
  const canSave = useCan(mode === 'create' ? 'vendor:create' : 'vendor:edit');
  const terms = usePurchaseTerms();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const [message, setMessage] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const { control, handleSubmit, setError, getValues, formState } = useForm<TVendorFormValues>({
    resolver: vendorResolver,
    defaultValues: initial,
  });
  const [companyName, vendorType] = useWatch({ control, name: ['company_name', 'vendor_type'] });
  const missing = {
    company_name: blocked && !companyName.trim(),
    vendor_type: blocked && mode === 'create' && !vendorType,
  };

  const form = useRef<HTMLFormElement>(null);
  useSaveShortcut(form, { enabled: canSave, inDialog: true, description: 'Save the vendor' });

  const save = async (values: TVendorFormValues) => {
    const required = missingRequired(mode, values);
    setBlocked(!!required);
    setMessage(required);
    if (required) return;
    try {
      const vendor =
        mode === 'create'
          ? await create.mutateAsync(values)
          : await update.mutateAsync({ id: vendorId!, body: values });
      queueSaved('Vendor', vendor.company_name, VENDOR_SAVED_MESSAGES[mode]);
      onSaved?.(vendor);
      onClose();
    } catch (error) {
      const failure = serverFailure(error);
      setMessage(failure.message);
      for (const [field, messages] of Object.entries(failure.fields)) {
        const text = messages.join('; ');
        if (FORM_FIELDS.has(field) && text !== failure.message)
          setError(field as keyof TVendorFormValues, { type: 'server', message: text });
      }
    }
  };
  // The required check runs first, so its message shows even when a format check fails too.
  const onSubmit = handleSubmit(save, (_errors) => {
    const required = missingRequired(mode, getValues());
    setBlocked(!!required);
    setMessage(required);
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box ref={form} component="form" noValidate onSubmit={onSubmit} data-testid={`vendor-${mode}-form`}>
        <DialogTitle id={titleId}>{VENDOR_DIALOG_TITLES[mode]}</DialogTitle>
        <DialogContent>
          {message && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="vendor-form-error">
              {message}
            </Alert>
          )}
          <VendorFormFields
            mode={mode}
            control={control}
            errors={formState.errors}
            terms={terms.data ?? []}
            disabled={formState.isSubmitting}
            missing={missing}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {canSave && (
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Save
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Create a New Vendor (needs vendor:create); the new vendor is handed to `onCreated`. */
export function CreateVendorDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (vendor: TVendor) => void;
}) {
  return <VendorFormDialog mode="create" initial={EMPTY_VENDOR_FORM} onClose={onClose} onSaved={onCreated} />;
}

/** Edit Vendor (needs vendor:edit): the vendor is read fresh with GET /vendor/{id} first. */
export function EditVendorDialog({
  vendorId,
  onClose,
  onSaved,
}: {
  vendorId: number;
  onClose: () => void;
  onSaved?: (vendor: TVendor) => void;
}) {
  const vendor = useVendor(vendorId);
  if (!vendor.data || !vendor.isFetchedAfterMount || vendor.isError) {
    return (
      <Dialog open onClose={onClose} aria-label={VENDOR_DIALOG_TITLES.edit}>
        <DialogTitle>{VENDOR_DIALOG_TITLES.edit}</DialogTitle>
        <DialogContent sx={{ minWidth: 320, display: 'flex', justifyContent: 'center' }}>
          {vendor.isError ? (
            <Alert severity="error">{serverFailure(vendor.error).message}</Alert>
          ) : (
            <CircularProgress aria-label="Loading vendor" />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <VendorFormDialog
      key={vendor.data.id}
      mode="edit"
      vendorId={vendorId}
      initial={vendorToForm(vendor.data)}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
