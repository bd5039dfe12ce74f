import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import EditIcon from '@mui/icons-material/Edit';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { CREATE_PO_MESSAGES, type TPurchaseTerm, type TVendor } from '@keystone/contracts';
import { NEW_PO_STATE } from '../../../../lib/po-links';
import { useCurrentLocation } from '../../../../lib/queries';
import { useCan } from '../../../../lib/session-store';
import { useStableCallback } from '../../../../lib/stable-callback';
import { useCreatePurchaseOrder, useCurrentUser, useReceivingLocations } from '../../api/purchase-order-list';
import { usePurchaseTerms, useVendors } from '../../api/vendors';
import { CreateVendorDialog } from '../vendors/vendor-form-dialog';
import { serverFailure } from '../vendors/vendor-form';
import { VendorTableDialog } from '../vendors/vendor-table-dialog';
import { VendorPicker } from './vendor-picker';

/**
 * The Create PO panel (000 §2): a vendor (with Add New Vendor and Edit/Delete Vendor), a PO term from the
 * vendor's default terms (or every term with Show All PO Terms), the receiving location, and Create PO (needs
 * purchase-order:create). The two required choices are checked here first, with the spec's messages (000 §5);
 * a new PO opens on its review route.
 */
export const CreatePoPanel = memo(function CreatePoPanel() {
  // Each answer re-renders this at once; the form follows from deferred copies in a render React can interrupt.
  const vendorList = useVendors();
  const vendors = useDeferredValue(vendorList.data);
  const vendorsLoading = useDeferredValue(vendorList.isLoading);
  const allTerms = useDeferredValue(usePurchaseTerms().data);
  const locations = useDeferredValue(useReceivingLocations().data);
  const currentLocation = useDeferredValue(useCurrentLocation());
  const me = useDeferredValue(useCurrentUser().data);
  return (
    <CreatePoForm
      vendors={vendors}
      vendorsLoading={vendorsLoading}
      allTerms={allTerms}
      locations={locations}
      currentLocation={currentLocation}
      me={me}
    />
  );
});

const CreatePoForm = memo(function CreatePoForm({
  vendors,
  vendorsLoading,
  allTerms,
  locations,
  currentLocation,
  me,
}: {
  vendors: readonly TVendor[] | undefined;
  vendorsLoading: boolean;
  allTerms: readonly TPurchaseTerm[] | undefined;
  locations: readonly string[] | undefined;
  currentLocation: string | null;
  me: ReturnType<typeof useCurrentUser>['data'];
}) {
  const navigate = useNavigate();
  const canCreatePo = useCan('purchase-order:create');
  const canCreateVendor = useCan('vendor:create');
  const canEditVendor = useCan('vendor:edit');
  const create = useCreatePurchaseOrder();
  // The new-PO shortcut (Alt-N) lands here: the vendor field takes the focus.
  const panel = useRef<HTMLElement>(null);
  const newPoAsked = (useLocation().state as Record<string, unknown> | null)?.[NEW_PO_STATE];
  useEffect(() => {
    if (!newPoAsked) return;
    panel.current?.scrollIntoView({ block: 'nearest' });
    panel.current?.querySelector<HTMLInputElement>('[data-testid="create-po-vendor"] input')?.focus();
  }, [newPoAsked]);

  const [vendorId, setVendorId] = useState<number | null>(null);
  const [termId, setTermId] = useState<number | ''>('');
  const [showAllTerms, setShowAllTerms] = useState(false);
  /** null until the user picks one: the location switcher's location, when it can receive POs. */
  const [location, setLocation] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'create-vendor' | 'vendors' | null>(null);

  const vendor = vendors?.find((v) => v.id === vendorId) ?? null;
  const termOptions: readonly TPurchaseTerm[] = showAllTerms ? (allTerms ?? []) : (vendor?.default_terms ?? []);
  const effectiveTermId = termId !== '' && termOptions.some((t) => t.id === termId) ? termId : '';
  const locationOptions = locations ?? [];
  const defaultLocation = currentLocation && locationOptions.includes(currentLocation) ? currentLocation : '';
  const effectiveLocation = location ?? defaultLocation;

  const chooseVendor = useStableCallback((next: TVendor | null) => {
    setVendorId(next?.id ?? null);
    // The vendor's first default term is proposed; any other stays one click away.
    setTermId(next?.default_terms[0]?.id ?? '');
    setMessage(null);
  });

  if (!canCreatePo && !canCreateVendor && !canEditVendor) return null;

  const createPo = async () => {
    if (!vendorId) return setMessage(CREATE_PO_MESSAGES.vendor);
    if (!effectiveLocation) return setMessage(CREATE_PO_MESSAGES.location);
    setMessage(null);
    try {
      const po = await create.mutateAsync({
        vendorId,
        createdBy: me?.id ?? null,
        purchaseOrderType: 'Default',
        shippingRequirements: 'Default',
        location_code: effectiveLocation,
        purchase_terms_id: effectiveTermId === '' ? null : effectiveTermId,
      });
      navigate(`/purchase-orders/review/${po.id}`);
    } catch (error) {
      setMessage(serverFailure(error).message);
    }
  };

  return (
    <Paper
      ref={panel}
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-labelledby="create-po-heading"
      data-testid="create-po-panel"
    >
      <Typography variant="h6" component="h2" id="create-po-heading" sx={{ mb: 1.5 }}>
        Create PO
      </Typography>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="create-po-error" onClose={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <VendorPicker
          vendors={vendors}
          value={vendor}
          onChange={chooseVendor}
          loading={vendorsLoading}
          width={300}
          testId="create-po-vendor"
        />
        {canCreateVendor && (
          <Button variant="outlined" startIcon={<AddBusinessIcon />} onClick={() => setDialog('create-vendor')}>
            Add New Vendor
          </Button>
        )}
        {canEditVendor && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('vendors')}>
            Edit/Delete Vendor
          </Button>
        )}
      </Box>
      {canCreatePo && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
          <TextField
            select
            label="PO Term"
            value={effectiveTermId}
            onChange={(e) => setTermId(e.target.value === '' ? '' : Number(e.target.value))}
            size="small"
            sx={{ width: 220 }}
            helperText={
              !showAllTerms && vendor && vendor.default_terms.length === 0
                ? 'This vendor has no default terms'
                : undefined
            }
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'create-po-term' },
            }}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {termOptions.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.type}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={showAllTerms} onChange={(e) => setShowAllTerms(e.target.checked)} />}
            label="Show All PO Terms"
          />
          <TextField
            select
            label="Receiving Location"
            value={effectiveLocation}
            onChange={(e) => {
              setLocation(e.target.value);
              setMessage(null);
            }}
            size="small"
            sx={{ width: 220 }}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'create-po-location' },
            }}
          >
            <MenuItem value="">
              <em>Select a location</em>
            </MenuItem>
            {locationOptions.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<NoteAddIcon />}
            onClick={() => void createPo()}
            disabled={create.isPending}
          >
            Create PO
          </Button>
        </Box>
      )}
      {dialog === 'create-vendor' && (
        <CreateVendorDialog onClose={() => setDialog(null)} onCreated={(v) => chooseVendor(v)} />
      )}
      {dialog === 'vendors' && (
        <VendorTableDialog
          onClose={() => setDialog(null)}
          onCreate={canCreateVendor ? () => setDialog('create-vendor') : undefined}
          onDeleted={(id) => {
            if (id === vendorId) chooseVendor(null);
          }}
        />
      )}
    </Paper>
  );
});
