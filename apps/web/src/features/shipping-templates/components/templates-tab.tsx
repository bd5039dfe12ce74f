import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import {
  PLATFORMS,
  SHIPPING_TEMPLATE_MESSAGES as M,
  platformUsesDefaultBucketGroup,
  type TShippingTemplate,
} from '@keystone/contracts';
import { createTemplate, updateTemplate, useBucketGroupNames } from '../api/shipping-templates-api';
import { formErrors } from '../api/form-errors';

interface Values {
  shippingTemplate: string;
  isParentTemplate: boolean;
  switchBuffer: string;
  bucketGroup: string;
  platformCode: string;
  platformShippingTemplateId: string;
}

const valuesOf = (t: TShippingTemplate): Values => ({
  shippingTemplate: t.shipping_template,
  isParentTemplate: t.is_parent_template,
  switchBuffer: String(t.switch_buffer),
  bucketGroup: t.bucket_group ?? '',
  platformCode: t.platform_code ?? '',
  platformShippingTemplateId: t.platform_shipping_template_id ?? '',
});

/**
 * 002 §5: a composite template forces switch buffer 0 and clears the bucket group; the bucket group is cleared when
 * the platform uses the default bucket group.
 */
function applyRules(v: Values): Values {
  if (v.isParentTemplate)
    return { ...v, switchBuffer: '0', bucketGroup: '', platformCode: '', platformShippingTemplateId: '' };
  if (platformUsesDefaultBucketGroup(v.platformCode)) return { ...v, bucketGroup: '' };
  return v;
}

const bodyOf = (v: Values) => ({
  shippingTemplate: v.shippingTemplate,
  isParentTemplate: v.isParentTemplate,
  switchBuffer: v.switchBuffer,
  bucketGroup: v.bucketGroup || null,
  platformCode: v.platformCode || null,
  platformShippingTemplateId: v.platformShippingTemplateId || null,
});

/** The template fields, shared by the dialog and the table rows. */
function TemplateFields({
  values,
  errors,
  groups,
  onChange,
  row,
}: {
  values: Values;
  errors: Record<string, string>;
  groups: string[];
  onChange(key: keyof Values, value: string | boolean): void;
  row?: boolean;
}) {
  const composite = values.isParentTemplate;
  const size = row ? 'small' : 'medium';
  const label = (text: string) => (row ? undefined : text);
  const aria = (text: string) => ({
    htmlInput: { 'aria-label': `${text}${row ? ` of ${values.shippingTemplate}` : ''}` },
  });
  return (
    <>
      <TextField
        size={size}
        label={label('Switch Buffer')}
        type="number"
        value={values.switchBuffer}
        disabled={composite}
        onChange={(e) => onChange('switchBuffer', e.target.value)}
        error={!!errors.switchBuffer}
        helperText={errors.switchBuffer}
        slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': 'Switch Buffer' } }}
        sx={{ minWidth: 100 }}
      />
      <TextField
        size={size}
        select
        label={label('Platform')}
        value={values.platformCode}
        disabled={composite}
        onChange={(e) => onChange('platformCode', e.target.value)}
        error={!!errors.platformCode}
        helperText={errors.platformCode}
        slotProps={aria('Platform')}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">None</MenuItem>
        {PLATFORMS.map((p) => (
          <MenuItem key={p.platform_code} value={p.platform_code}>
            {p.platform_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size={size}
        select
        label={label('Bucket Group')}
        value={values.bucketGroup}
        disabled={composite || platformUsesDefaultBucketGroup(values.platformCode)}
        onChange={(e) => onChange('bucketGroup', e.target.value)}
        error={!!errors.bucketGroup}
        helperText={errors.bucketGroup}
        slotProps={aria('Bucket Group')}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">None</MenuItem>
        {groups.map((g) => (
          <MenuItem key={g} value={g}>
            {g}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size={size}
        label={label('Platform Shipping Template Id')}
        value={values.platformShippingTemplateId}
        disabled={composite}
        onChange={(e) => onChange('platformShippingTemplateId', e.target.value)}
        error={!!errors.platformShippingTemplateId}
        helperText={errors.platformShippingTemplateId}
        slotProps={aria('Platform Shipping Template Id')}
        sx={{ minWidth: 140 }}
      />
    </>
  );
}

function useTemplateForm(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const onChange = (key: keyof Values, value: string | boolean) => {
    setValues((v) => applyRules({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const fail = (error: unknown) => {
    const { fields, general: text } = formErrors(error);
    setErrors(fields);
    setGeneral(text);
  };
  return { values, setValues, errors, setErrors, general, setGeneral, onChange, fail };
}

function TemplateRow({
  template,
  groups,
  canEdit,
  onSaved,
}: {
  template: TShippingTemplate;
  groups: string[];
  canEdit: boolean;
  onSaved(): void;
}) {
  const form = useTemplateForm(valuesOf(template));
  const savedKey = JSON.stringify(valuesOf(template));
  const { setValues } = form;
  useEffect(() => setValues(JSON.parse(savedKey) as Values), [savedKey, setValues]);
  const dirty = JSON.stringify(form.values) !== savedKey;
  async function update() {
    form.setGeneral(null);
    if (!form.values.isParentTemplate && !form.values.platformCode) {
      form.setErrors({ platformCode: M.enterPlatform });
      return;
    }
    try {
      await updateTemplate(bodyOf(form.values));
      onSaved();
    } catch (error) {
      form.fail(error);
    }
  }
  return (
    <TableRow data-testid={`template-row-${template.shipping_template}`}>
      <TableCell>
        {template.shipping_template}
        {form.general && <Alert severity="error">{form.general}</Alert>}
      </TableCell>
      <TableCell>{template.is_parent_template ? 'Composite' : 'Simple'}</TableCell>
      {canEdit ? (
        <>
          <TableCell colSpan={4}>
            <Stack direction="row" spacing={1}>
              <TemplateFields values={form.values} errors={form.errors} groups={groups} onChange={form.onChange} row />
            </Stack>
          </TableCell>
          <TableCell>
            <Button size="small" variant="contained" disabled={!dirty} onClick={() => void update()}>
              Update
            </Button>
          </TableCell>
        </>
      ) : (
        <>
          <TableCell>{template.switch_buffer}</TableCell>
          <TableCell>{template.platform_code ?? ''}</TableCell>
          <TableCell>{template.bucket_group ?? ''}</TableCell>
          <TableCell>{template.platform_shipping_template_id ?? ''}</TableCell>
        </>
      )}
    </TableRow>
  );
}

/** The templates table (002 §2): each row editable by holders of bucket-buffer:edit. */
export function TemplatesTable({
  templates,
  canEdit,
  onSaved,
}: {
  templates: TShippingTemplate[];
  canEdit: boolean;
  onSaved(): void;
}) {
  const groups = useBucketGroupNames().data ?? [];
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Shipping Template</TableCell>
            <TableCell>Kind</TableCell>
            {canEdit ? (
              <TableCell colSpan={4}>Switch Buffer, Platform, Bucket Group, Platform Template Id</TableCell>
            ) : (
              <>
                <TableCell>Switch Buffer</TableCell>
                <TableCell>Platform</TableCell>
                <TableCell>Bucket Group</TableCell>
                <TableCell>Platform Template Id</TableCell>
              </>
            )}
            {canEdit && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>No results to display</TableCell>
            </TableRow>
          )}
          {templates.map((t) => (
            <TemplateRow key={t.id} template={t} groups={groups} canEdit={canEdit} onSaved={onSaved} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const EMPTY: Values = {
  shippingTemplate: '',
  isParentTemplate: false,
  switchBuffer: '0',
  bucketGroup: '',
  platformCode: '',
  platformShippingTemplateId: '',
};

/** 'New Shipping Template' (002 §2, §5). */
export function NewTemplateDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const groups = useBucketGroupNames().data ?? [];
  const form = useTemplateForm(EMPTY);
  const { setValues, setErrors, setGeneral } = form;
  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setErrors({});
    setGeneral(null);
  }, [open, setValues, setErrors, setGeneral]);
  async function create() {
    try {
      await createTemplate(bodyOf(form.values));
      onCreated();
      onClose();
    } catch (error) {
      form.fail(error);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New Shipping Template</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {form.general && <Alert severity="error">{form.general}</Alert>}
          <TextField
            label="Shipping Template"
            value={form.values.shippingTemplate}
            onChange={(e) => form.onChange('shippingTemplate', e.target.value)}
            error={!!form.errors.shippingTemplate}
            helperText={form.errors.shippingTemplate}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={form.values.isParentTemplate}
                onChange={(e) => form.onChange('isParentTemplate', e.target.checked)}
              />
            }
            label="Is Composite Template"
          />
          <TemplateFields values={form.values} errors={form.errors} groups={groups} onChange={form.onChange} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void create()}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
