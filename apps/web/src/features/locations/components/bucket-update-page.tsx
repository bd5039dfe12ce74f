import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import {
  BUCKET_UPDATED_MESSAGE_MS,
  LOCATION_MESSAGES,
  type TLocationFlagField,
  type TLocationTextField,
  type TLocationWithBuckets,
} from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useConfirm } from '../../../shell/confirm-dialog';
import {
  deleteBucket,
  updateBucketByLocation,
  useBucketMappings,
  useDistributors,
  useInvalidateEverything,
} from '../api/locations-api';
import { LocationFields } from './location-fields';
import {
  changedFields,
  clearFieldError,
  formErrorsOf,
  hasFieldErrors,
  NO_ERRORS,
  recordToForm,
  type FormErrors,
  type TLocationFormValues,
} from './location-form-model';
import { queueSaved } from '../../../lib/message-queue';

const MAIN_FIELDS = [
  'location_code',
  'address_1',
  'address_2',
  'city',
  'county',
  'state_or_province',
  'postal_code',
  'country',
  'notes',
] as const satisfies readonly TLocationTextField[];
const ADVANCED_TEXT = [
  'location_type',
  'distributor',
  'distributor_location_id',
] as const satisfies readonly TLocationTextField[];
const ADVANCED_FLAGS = [
  'is_active',
  'can_hold_inventory',
  'can_receive_purchase_orders',
  'is_fulfillable_from_this_location',
  'managed_by_third_party',
] as const satisfies readonly TLocationFlagField[];

/**
 * The update form (002 §2): titled 'Updating: {bucket}', the location's fields and an Advanced Fields section; the
 * success message shows for 4 seconds (002 §9). With admin:override it also lists the location's buckets with a
 * delete (refused by the server for the first legacy bucket and for a bucket that holds stock).
 */
function BucketEditForm({ bucket, location }: { bucket: string; location: TLocationWithBuckets }) {
  const initial = useMemo(() => recordToForm(location), [location]);
  const [values, setValues] = useState<TLocationFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const [updated, setUpdated] = useState<string | null>(null);
  const [bucketMessage, setBucketMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const distributors = useDistributors();
  const invalidate = useInvalidateEverything();
  const canDelete = useCan('admin:override');
  const { dialog, confirm } = useConfirm();

  useEffect(() => {
    setValues(initial);
    setErrors(NO_ERRORS);
  }, [initial]);
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => setUpdated(null), BUCKET_UPDATED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [updated]);

  const fulfillableChanged = values.is_fulfillable_from_this_location !== initial.is_fulfillable_from_this_location;
  const onText = (field: TLocationTextField, value: string) => (
    setValues((v) => ({ ...v, [field]: value })),
    setErrors((e) => clearFieldError(e, field))
  );
  const onFlag = (field: TLocationFlagField, value: boolean) => (
    setValues((v) => ({ ...v, [field]: value })),
    setErrors((e) => clearFieldError(e, field))
  );

  const submit = async () => {
    setSaving(true);
    setUpdated(null);
    try {
      const result = await updateBucketByLocation({
        location_code: location.location_code,
        ...changedFields(initial, values),
      });
      setErrors(NO_ERRORS);
      setUpdated(result.message);
      queueSaved('Location', location.location_code);
      await invalidate();
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (name: string) => {
    const yes = await confirm({
      title: `Delete bucket ${name}?`,
      message: 'Are you sure you want to delete?',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!yes) return;
    try {
      const result = await deleteBucket(name);
      setBucketMessage({ severity: 'success', text: result.message });
      await invalidate();
    } catch (error) {
      setBucketMessage({ severity: 'error', text: serverMessage(error) ?? 'Error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ maxWidth: 1100 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Updating: {bucket}
      </Typography>
      {updated && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {updated}
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
        textFields={MAIN_FIELDS}
        flagFields={[]}
        readOnly={['location_code', 'country']}
      />
      <Accordion disableGutters sx={{ my: 1 }}>
        <AccordionSummary aria-controls="advanced-fields" id="advanced-fields-header">
          <Typography>Advanced Fields</Typography>
        </AccordionSummary>
        <AccordionDetails id="advanced-fields">
          <LocationFields
            values={values}
            errors={errors}
            onText={onText}
            onFlag={onFlag}
            textFields={ADVANCED_TEXT}
            flagFields={ADVANCED_FLAGS}
            distributors={distributors.data ?? []}
          />
          {fulfillableChanged && <Alert severity="warning">{LOCATION_MESSAGES.fulfillableWarning}</Alert>}
        </AccordionDetails>
      </Accordion>
      <Button type="submit" variant="contained" disabled={hasFieldErrors(errors) || saving}>
        Update
      </Button>
      {canDelete && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3">
            Buckets of {location.location_code}
          </Typography>
          {bucketMessage && (
            <Alert severity={bucketMessage.severity} sx={{ my: 1 }} onClose={() => setBucketMessage(null)}>
              {bucketMessage.text}
            </Alert>
          )}
          <List dense aria-label={`Buckets of ${location.location_code}`}>
            {location.buckets.map((b) => (
              <ListItem
                key={b.bucket}
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    disabled={b.is_first_legacy_bucket}
                    title={b.is_first_legacy_bucket ? LOCATION_MESSAGES.firstBucketUndeletable : undefined}
                    onClick={() => void remove(b.bucket)}
                  >
                    Delete
                  </Button>
                }
              >
                <ListItemText
                  primary={b.bucket}
                  secondary={`${b.condition_code}${b.is_local_inventory_bucket ? ' · local inventory' : ''}`}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {dialog}
    </Box>
  );
}

/**
 * /buckets/update (its bucket from ?bucket=) and the Bucket Updater (/buckets/updater, admin:override; 002 §2): a
 * Bucket list whose option values are location codes, 'Choose a valid bucket to edit' until one is chosen, then the
 * edit form.
 */
export function BucketUpdaterPage({ title }: { title: string }) {
  const mappings = useBucketMappings();
  const [params, setParams] = useSearchParams();
  const requested = params.get('bucket')?.toUpperCase() ?? '';
  const locations = mappings.data ?? [];
  const chosen = requested ? locations.find((l) => l.buckets.some((b) => b.bucket === requested)) : undefined;

  return (
    <Page title={title}>
      {mappings.isPending && <LinearProgress />}
      {mappings.isError && (
        <Alert severity="error">{serverMessage(mappings.error) ?? 'The locations could not be loaded.'}</Alert>
      )}
      <TextField
        select
        id="bucket-choice"
        label="Bucket"
        size="small"
        sx={{ minWidth: 260, mb: 2 }}
        value={chosen?.location_code ?? ''}
        onChange={(e) => {
          const location = locations.find((l) => l.location_code === e.target.value);
          setParams(location ? { bucket: location.legacy_bucket ?? location.location_code } : {});
        }}
      >
        {locations.map((l) => (
          <MenuItem key={l.location_code} value={l.location_code}>
            {l.legacy_bucket ?? l.location_code}
          </MenuItem>
        ))}
      </TextField>
      {chosen ? (
        <BucketEditForm key={chosen.location_code} bucket={requested} location={chosen} />
      ) : (
        <Typography>{LOCATION_MESSAGES.chooseBucket}</Typography>
      )}
    </Page>
  );
}

export function BucketUpdatePage() {
  return <BucketUpdaterPage title="Bucket Update" />;
}

export function BucketUpdaterAdminPage() {
  return <BucketUpdaterPage title="Bucket Updater" />;
}
