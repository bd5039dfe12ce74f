import { useState, type ReactNode } from 'react';
import { IconButton, Popover } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';

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
