import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  defaultRequestedDeliveryDate,
  hasPoNumberCollision,
  isLocked,
  locksShippingFields,
  type TPurchaseOrder,
  type TUpdatePurchaseOrder,
} from '@keystone/contracts';
import { usePoReferenceData } from '../../api/purchase-order-detail';
import { headerChanges, headerValuesOf, type HeaderValues } from './po-header-values';
import { localToday } from '../../../../lib/format-date';
import { DateField } from '../../../../shell/date-field';
import { useSaveShortcut } from '../../../../lib/shortcuts';

/**
 * The PO header: any status from the list, then Update PO; only changed fields are sent (001 §4).
 * Complete locks everything but the status; Order Sent locks carrier, tracking and vendor order.
 */
export function PoHeaderForm({
  po,
  canEdit,
  onSave,
  saving,
  onDirtyChange,
}: {
  po: TPurchaseOrder;
  canEdit: boolean;
  onSave(body: TUpdatePurchaseOrder): Promise<unknown>;
  saving: boolean;
  /** Told whether the form holds unsaved edits (the page warns before leaving them). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { statuses, vendors, terms, locations } = usePoReferenceData();
  const { control, handleSubmit, reset, formState, setValue } = useForm<HeaderValues>({
    defaultValues: headerValuesOf(po),
  });
  useEffect(() => reset(headerValuesOf(po)), [po, reset]);
  const complete = isLocked(po.purchase_order_status.status_name);
  const shippingLocked = locksShippingFields(po.purchase_order_status.status_name);
  const disabled = !canEdit || complete;
  // The default requested delivery (001 §4): the Friday on or after today, plus 3 weeks; offered, never sent unasked.
  const defaultDate = defaultRequestedDeliveryDate(localToday());
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);

  const form = useRef<HTMLFormElement>(null);
  useSaveShortcut(form, { enabled: canEdit, description: 'Save the PO (Update PO)' });

  const submit = handleSubmit(async (values) => {
    const body = headerChanges(values, formState.dirtyFields);
    if (Object.keys(body).length) await onSave(body);
  });

  const text = (
    name: keyof HeaderValues,
    label: string,
    extra: { locked?: boolean; type?: string; step?: number } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...field}
          value={field.value as string}
          label={label}
          size="small"
          type={extra.type ?? 'text'}
          disabled={disabled || extra.locked}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: extra.step ? { step: extra.step, min: 0, max: 100 } : undefined,
          }}
          helperText={extra.locked ? 'Locked while Order Sent' : undefined}
        />
      )}
    />
  );

  return (
    <Paper ref={form} variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} data-testid="po-header">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="po-reference">
          {po.purchase_ref_id}
        </Typography>
        {po.legacy_po_number && <Typography color="text.secondary">Legacy PO {po.legacy_po_number}</Typography>}
        {hasPoNumberCollision(po) && (
          <Tooltip title="PO Number Collision">
            <WarningAmberIcon color="warning" titleAccess="PO Number Collision" />
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        <Controller
          name="purchase_order_status"
          control={control}
          render={({ field }) => (
            <TextField
              select
              {...field}
              label="Status"
              size="small"
              sx={{ minWidth: 200 }}
              disabled={!canEdit}
              slotProps={{ htmlInput: { 'data-testid': 'po-status' } }}
            >
              {statuses.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.status_name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      {complete && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This PO is Complete: editing and receiving are locked.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Controller
          name="ims_location_code"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label="Ship To" size="small" disabled={disabled}>
              {[...new Set([po.ims_location_code, ...locations.map((l) => l.location_code)])].map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="vendor_id"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label="Vendor" size="small" disabled={disabled}>
              {[
                { id: po.vendor_id, company_name: po.vendor_name },
                ...vendors.filter((v) => v.id !== po.vendor_id),
              ].map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  {v.company_name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="purchase_terms_id"
          control={control}
          render={({ field }) => (
            <TextField select {...field} label="PO Terms" size="small" disabled={disabled}>
              <MenuItem value="">None</MenuItem>
              {terms.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.type}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {text('vendor_order_id', 'Vendor Order #', { locked: shippingLocked })}
        {text('carrier_name', 'Carrier', { locked: shippingLocked })}
        {text('tracking_number', 'Tracking Number', { locked: shippingLocked })}
        <Controller
          name="requested_delivery_date"
          control={control}
          render={({ field }) => (
            <DateField
              label="Expected Arrival Date"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              inputTestId="po-requested-delivery"
              helperText={
                !po.requested_delivery_date && !field.value && !disabled ? (
                  <>
                    Not set.{' '}
                    <Link
                      component="button"
                      type="button"
                      onClick={() => setValue('requested_delivery_date', defaultDate, { shouldDirty: true })}
                    >
                      Use {defaultDate}
                    </Link>
                  </>
                ) : undefined
              }
            />
          )}
        />
        {text('dfi_discount_percentage', 'DFI Discount Percentage', { type: 'number', step: 0.01 })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Controller
          name="paid"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} disabled={disabled} />}
              label="Paid"
            />
          )}
        />
        <Controller
          name="is_ats"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} disabled={disabled} />}
              label="Needs ATS"
            />
          )}
        />
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <Button type="submit" variant="contained" disabled={!formState.isDirty || saving}>
            Update PO
          </Button>
        )}
      </Box>
    </Paper>
  );
}
