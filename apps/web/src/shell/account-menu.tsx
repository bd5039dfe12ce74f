import { useEffect, useState, type ReactNode } from 'react';
import { IconButton, Popover } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useConfirm } from './confirm-dialog';
import { logout } from './logout';

/** On a phone: the location, the role to view as and the user (the logout link) open from one button. */
export default function AccountMenu({ username, children }: { username: string | null; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account: ${username ?? ''}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="account-menu-button"
        sx={{ width: 48, height: 48 }}
      >
        <AccountCircleIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { p: 2, pt: 3, display: 'grid', gap: 3, bgcolor: 'primary.main', color: 'common.white', minWidth: 240 },
          },
        }}
      >
        {children}
      </Popover>
    </>
  );
}

/**
 * A phone's logout link asks first (a tap on the small screen is easily a mistake): "Sign out?" with
 * Cancel and Sign out. With scans waiting the list of those scans asks instead (app-shell).
 */
export function SignOutQuestion({ onCancel }: { onCancel(): void }) {
  const { dialog, confirm } = useConfirm();
  useEffect(() => {
    void confirm({
      title: 'Sign out?',
      message: 'You will need your username and password to sign in again.',
      confirmLabel: 'Sign out',
    }).then((yes) => (yes ? void logout() : onCancel()));
  }, [confirm, onCancel]);
  return dialog;
}
