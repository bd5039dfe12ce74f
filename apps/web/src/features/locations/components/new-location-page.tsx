import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import {
  generateLegacyBuckets,
  LOCATION_CODE_PATTERN,
  LOCATION_FLAG_FIELDS,
  LOCATION_MESSAGES,
  LOCATION_TEXT_FIELDS,
  type TLocationFlagField,
  type TLocationTextField,
} from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { createBucketMapping, useDistributors, useInvalidateEverything } from '../api/locations-api';
import { LocationFields } from './location-fields';
import {
  clearFieldError,
  EMPTY_LOCATION_FORM,
  formErrorsOf,
  hasFieldErrors,
  NO_ERRORS,
  type FormErrors,
  type TLocationFormValues,
} from './location-form-model';
import { queueSaved } from '../../../lib/message-queue';

/** The form's text fields: every location field but the legacy bucket, which the code gives. */
const TEXT_FIELDS = LOCATION_TEXT_FIELDS;

/**
 * New location (/buckets/create, bucket:create; 002 §2): the location form, then a dialog listing the legacy buckets
 * to be generated (002 §9) and Create Buckets, which creates the location and its buckets in one call.
 */
export function NewLocationPage() {
  const [values, setValues] = useState<TLocationFormValues>(EMPTY_LOCATION_FORM);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const distributors = useDistributors();
  const invalidate = useInvalidateEverything();

  const code = values.location_code.trim().toUpperCase();
  const buckets = useMemo(() => (LOCATION_CODE_PATTERN.test(code) ? generateLegacyBuckets(code) : []), [code]);
  const fulfillableChanged =
    values.is_fulfillable_from_this_location !== EMPTY_LOCATION_FORM.is_fulfillable_from_this_location;

  const onText = (field: TLocationTextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
    setCreated(null);
  };
  const onFlag = (field: TLocationFlagField, value: boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
    setCreated(null);
  };

  const submit = () => {
    if (!code) {
      setErrors({ fields: { location_code: LOCATION_MESSAGES.required('location code') }, general: null });
      return;
    }
    if (!buckets.length) {
      setErrors({ fields: { location_code: LOCATION_MESSAGES.codeFormat }, general: null });
      return;
    }
    setErrors(NO_ERRORS);
    setDialogOpen(true);
  };

  const createBuckets = async () => {
    setSaving(true);
    try {
      const result = await createBucketMapping({
        location: { ...values, location_code: code, legacy_bucket: buckets[0]!.legacy_bucket },
        buckets: buckets.map((b) => ({
          legacy_bucket: b.legacy_bucket,
          condition: b.condition,
          is_local_inventory_bucket: b.is_local_inventory_bucket,
        })),
      });
      setCreated(result.message);
      queueSaved('Location', code);
      setValues(EMPTY_LOCATION_FORM);
      setErrors(NO_ERRORS);
      await invalidate();
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setSaving(false);
      setDialogOpen(false);
    }
  };

  return (
    <Page title="New Location">
      <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())} sx={{ maxWidth: 1100 }}>
        {created && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setCreated(null)}>
            {created}
          </Alert>
        )}
        {errors.general && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setErrors((e) => ({ ...e, general: null }))}>
            {errors.general}
          </Alert>
        )}
        <LocationFields
          values={values}
          errors={errors}
          onText={onText}
          onFlag={onFlag}
          textFields={TEXT_FIELDS}
          flagFields={LOCATION_FLAG_FIELDS}
          readOnly={['country']}
          distributors={distributors.data ?? []}
        />
        {fulfillableChanged && (
          <Alert severity="warning" sx={{ my: 1 }}>
            {LOCATION_MESSAGES.fulfillableWarning}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained" disabled={hasFieldErrors(errors) || saving}>
            Submit
          </Button>
          <Button onClick={() => (setValues(EMPTY_LOCATION_FORM), setErrors(NO_ERRORS))} disabled={saving}>
            Clear
          </Button>
        </Box>
      </Box>
      <Dialog
        open={dialogOpen}
        onClose={() => !saving && setDialogOpen(false)}
        aria-labelledby="legacy-buckets-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="legacy-buckets-title">Legacy buckets for {code}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>These buckets will be generated for the new location:</DialogContentText>
          <Table size="small" aria-label="Legacy buckets to be generated">
            <TableHead>
              <TableRow>
                <TableCell>Legacy Bucket</TableCell>
                <TableCell>Condition</TableCell>
                <TableCell>Local Inventory</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {buckets.map((b) => (
                <TableRow key={b.legacy_bucket}>
                  <TableCell>{b.legacy_bucket}</TableCell>
                  <TableCell>{b.condition}</TableCell>
                  <TableCell>{b.is_local_inventory_bucket ? 'Yes' : 'No'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialogOpen(false)} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void createBuckets()} disabled={saving}>
            Create Buckets
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
