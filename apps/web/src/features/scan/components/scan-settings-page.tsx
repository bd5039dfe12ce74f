import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import {
  listLocationsRoute,
  listScanSettingsRoute,
  updateScanSettingsRoute,
  type TScanSettings,
} from '@keystone/contracts';
import { callApi, ApiCallError } from '../../../lib/api-client';
import { Page } from '../../../shell/page';
import { queueSaved } from '../../../lib/message-queue';

const KEY = ['scan-settings'];

function fieldError(error: unknown, field: string): string | undefined {
  const errors = error instanceof ApiCallError ? (error.body as { errors?: Record<string, string[]> })?.errors : null;
  return errors?.[field]?.[0] ?? errors?.[`body.${field}`]?.[0];
}

/** One site's wedge prefix and suffix, saved on its own. */
function SiteSettings({ code, saved }: { code: string; saved: TScanSettings | undefined }) {
  const client = useQueryClient();
  const [prefix, setPrefix] = useState(saved?.wedge_prefix ?? '');
  const [suffix, setSuffix] = useState(saved?.wedge_suffix ?? '');
  const save = useMutation({
    mutationFn: () =>
      callApi(updateScanSettingsRoute, {
        params: { locationCode: code },
        body: { wedge_prefix: prefix, wedge_suffix: suffix },
        silent: true,
      }),
    onSuccess: () => {
      queueSaved('Scanner settings of', code);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const changed = prefix !== (saved?.wedge_prefix ?? '') || suffix !== (saved?.wedge_suffix ?? '');
  return (
    <Card variant="outlined" data-testid="scan-settings-site" data-location={code}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2" sx={{ minWidth: 120, pt: 1 }}>
          {code}
        </Typography>
        <TextField
          label="Wedge prefix"
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          error={!!fieldError(save.error, 'wedge_prefix')}
          helperText={fieldError(save.error, 'wedge_prefix') ?? 'Sent before every code'}
          slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'wedge-prefix' } }}
        />
        <TextField
          label="Wedge suffix"
          value={suffix}
          onChange={(e) => setSuffix(e.target.value)}
          error={!!fieldError(save.error, 'wedge_suffix')}
          helperText={fieldError(save.error, 'wedge_suffix') ?? 'Sent after every code, before Enter'}
          slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'wedge-suffix' } }}
        />
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate()}
          sx={{ minHeight: 48 }}
          data-testid="save-scan-settings"
        >
          Save
        </Button>
        {save.isSuccess && !changed && <Alert severity="success">Saved</Alert>}
        {save.isError && !fieldError(save.error, 'wedge_prefix') && !fieldError(save.error, 'wedge_suffix') && (
          <Alert severity="error">{save.error instanceof ApiCallError ? save.error.message : 'Not saved.'}</Alert>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Each site's scanner settings: the prefix and suffix its keyboard-wedge scanners (Zebra DataWedge, Honeywell) add
 * around every code; the scan fields strip them.
 */
export function ScanSettingsPage() {
  const locations = useQuery({ queryKey: ['locations'], queryFn: () => callApi(listLocationsRoute, {}) });
  const settings = useQuery({ queryKey: KEY, queryFn: () => callApi(listScanSettingsRoute, {}) });
  const saved = new Map((settings.data?.data ?? []).map((s) => [s.location_code, s]));
  return (
    <Page title="Scanner Settings">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A scanner set to send a prefix or a suffix around each code (a DataWedge or Honeywell profile) scans as one that
        sends the code alone once they are named here. Leave both empty when the scanners send only the code.
      </Typography>
      {locations.data && settings.data && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {locations.data.data.map((l) => (
            <SiteSettings key={l.location_code} code={l.location_code} saved={saved.get(l.location_code)} />
          ))}
        </Box>
      )}
    </Page>
  );
}
