import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, FormControlLabel, Paper, Switch, TextField, Typography } from '@mui/material';
import { scanSetupRoute, STATUS_MESSAGE_MS, type TPoLine } from '@keystone/contracts';
import { callApi, serverMessage } from '../../../lib/api-client';
import { poKey } from '../../../lib/purchase-order-query';
import { firstFieldError, imsProductKey, useImsProduct } from '../api/receiving';
import { useTimers } from '../../../lib/scan/timing';

const LABELS: Record<string, string> = {
  model: 'Model',
  serialNumberTracked: 'Serial Number Tracked',
  numOfSerialsPerItem: 'Serials Per Item',
  masterBoxQty: 'Master Box Qty',
  masterCartonCode: 'Master Carton Code',
  upc: 'UPC',
  alternateUpc: 'Alternate UPC',
};

interface Values {
  tracked: boolean;
  serials: string;
  boxQty: string;
  carton: string;
  upc: string;
  alternateUpc: string;
}

/** A whole number from a field, null when blank; NaN (refused by the contract) when not a number. */
function intOrNull(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * Scan setup of the line's product (001 §2, §3, §5, §8): serial tracking and serials per item, or master box qty,
 * master carton code, UPC and alternate UPC. The untracked one of the two counts is sent as null. `settled`: the panel
 * has finished opening; Update Scan Setup waits for it, since a press while the panel still grows (and the dialog
 * moves with it) can be released over another element and send nothing.
 */
export function ScanSetupPanel({ line, settled = true }: { line: TPoLine; settled?: boolean }) {
  const model = line.product.model_number;
  const stored = useImsProduct(model);
  if (stored.isPending) return <Typography sx={{ p: 2 }}>Loading...</Typography>;
  const p = stored.data;
  const initial: Values = {
    tracked: (p?.serial_number_tracked ?? line.product.serial_number_tracked) === 1,
    serials: String(p?.num_of_serials_per_item ?? line.product.num_of_serials_per_item ?? ''),
    boxQty: String(p?.master_box_qty ?? ''),
    carton: p?.master_carton_code ?? '',
    upc: p?.upc ?? line.product.upc ?? '',
    alternateUpc: p?.alternate_upc ?? line.product.alternate_upc ?? '',
  };
  return <ScanSetupForm model={model} poId={line.purchaseOrderId} initial={initial} settled={settled} />;
}

function ScanSetupForm(props: { model: string; poId: number; initial: Values; settled: boolean }) {
  const { model, poId, initial, settled } = props;
  const client = useQueryClient();
  const [v, setV] = useState<Values>(initial);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const later = useTimers();
  const set = (patch: Partial<Values>) => {
    setV((old) => ({ ...old, ...patch }));
    setResult(null);
  };

  async function save() {
    const counts = v.tracked ? { numOfSerialsPerItem: intOrNull(v.serials) } : { masterBoxQty: intOrNull(v.boxQty) };
    const [badField] = Object.entries(counts).find(([, n]) => Number.isNaN(n)) ?? [];
    if (badField) return setResult({ ok: false, text: `${LABELS[badField]}: must be a whole number` });
    setSaving(true);
    setResult(null);
    try {
      const answer = await callApi(scanSetupRoute, {
        body: {
          model,
          serialNumberTracked: v.tracked,
          numOfSerialsPerItem: v.tracked ? intOrNull(v.serials) : null,
          masterBoxQty: v.tracked ? null : intOrNull(v.boxQty),
          masterCartonCode: v.carton.trim() || null,
          upc: v.upc.trim() || null,
          alternateUpc: v.alternateUpc.trim() || null,
        },
        silent: true,
      });
      const done = { ok: true, text: answer.message };
      setResult(done);
      // 'Updated!' is a status message: it goes after 4 s. An error stays until the next edit.
      later(() => setResult((current) => (current === done ? null : current)), STATUS_MESSAGE_MS);
      void client.invalidateQueries({ queryKey: poKey(poId) });
      void client.invalidateQueries({ queryKey: imsProductKey(model) });
    } catch (error) {
      const first = firstFieldError(error);
      setResult({
        ok: false,
        text: first
          ? `${LABELS[first[0]] ?? first[0]}: ${first[1]}`
          : (serverMessage(error) ?? 'The scan setup could not be saved.'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 1, display: 'grid', gap: 1.5 }} data-testid="scan-setup-panel">
      <Typography variant="subtitle1" component="h3">
        Scan Setup: {model}
      </Typography>
      <FormControlLabel
        control={<Switch checked={v.tracked} onChange={(_, checked) => set({ tracked: checked })} />}
        label="Serial Number Tracked"
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Serials Per Item"
          size="small"
          type="number"
          value={v.serials}
          onChange={(e) => set({ serials: e.target.value })}
          disabled={!v.tracked}
          slotProps={{ htmlInput: { min: 1, max: 10, step: 1 } }}
        />
        <TextField
          label="Master Box Qty"
          size="small"
          type="number"
          value={v.boxQty}
          onChange={(e) => set({ boxQty: e.target.value })}
          disabled={v.tracked}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <TextField
          label="Master Carton Code"
          size="small"
          value={v.carton}
          onChange={(e) => set({ carton: e.target.value })}
        />
        <TextField label="UPC" size="small" value={v.upc} onChange={(e) => set({ upc: e.target.value })} />
        <TextField
          label="Alternate UPC"
          size="small"
          value={v.alternateUpc}
          onChange={(e) => set({ alternateUpc: e.target.value })}
        />
      </Box>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} data-testid="scan-setup-result">
          {result.text}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !settled}>
          Update Scan Setup
        </Button>
      </Box>
    </Paper>
  );
}
