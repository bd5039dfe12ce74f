import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes on this page. If you leave, they will be lost.';

/**
 * Warns before leaving a page with unsaved edits: a navigation inside the app asks first (Stay / Leave), and
 * closing or reloading the tab gets the browser's own question (beforeunload).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{UNSAVED_CHANGES_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{UNSAVED_CHANGES_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
