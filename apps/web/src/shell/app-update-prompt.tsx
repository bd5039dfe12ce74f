import { useEffect, useState } from 'react';
import { Alert, Button, Snackbar } from '@mui/material';
import { useAppUpdate } from '../lib/pwa/app-update-store';
import { scanOutbox } from '../lib/scan/outbox';
import { currentScanOwner } from '../lib/scan/scan-owners';

/** Whether a scan is under way: a scan dialog open, or scans not yet recorded by the server. */
function scanning(): boolean {
  return currentScanOwner()?.kind === 'scope' || scanOutbox.entries().some((e) => e.state !== 'refused');
}

/**
 * "A new version is ready": shown once a new release is installed and waits, never while a scan is under way (it
 * waits for the dialog to close and the scans to be sent). It takes no focus; only a click reloads. Loaded when a
 * release waits (`app-shell.tsx`).
 */
export default function AppUpdatePrompt() {
  const reload = useAppUpdate((s) => s.reload);
  const [busy, setBusy] = useState(scanning);
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setBusy(scanning()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Snackbar
      open={!!reload && !busy && !later}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      disableWindowBlurListener
    >
      <Alert
        severity="info"
        variant="filled"
        data-testid="app-update"
        action={
          <>
            <Button color="inherit" onClick={() => setLater(true)}>
              Later
            </Button>
            <Button color="inherit" variant="outlined" onClick={() => reload?.()}>
              Reload
            </Button>
          </>
        }
      >
        A new version of Keystone is ready.
      </Alert>
    </Snackbar>
  );
}
