import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The confirming button's label. */
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
}

/**
 * A Yes/No question before an action that cannot be taken back (delete a line, finish, send to the vendor, leave
 * unsaved edits). `confirm` resolves true when the user confirms; render `dialog` somewhere in the component.
 */
export function useConfirm(): { dialog: ReactNode; confirm: (options: ConfirmOptions) => Promise<boolean> } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };
  const dialog = (
    <Dialog open={!!options} onClose={() => answer(false)} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{options?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{options?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{options?.cancelLabel ?? 'Cancel'}</Button>
        <Button
          variant="contained"
          color={options?.destructive ? 'error' : 'primary'}
          onClick={() => answer(true)}
          autoFocus
        >
          {options?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { dialog, confirm };
}
