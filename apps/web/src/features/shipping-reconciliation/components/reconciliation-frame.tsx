import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, FormControlLabel, Link, Switch } from '@mui/material';
import { useCan } from '../../../lib/session-store';
import { Page } from '../../../shell/page';

export const MENU_PATH = '/shipping-reconciliation';

/** The 'Use Mock Data' switch (002 §2), shown only with role-editor:view; off (and ignored) for everyone else. */
export function useMockSwitch(): { mock: boolean; control: ReactNode } {
  const allowed = useCan('role-editor:view');
  const [on, setOn] = useState(false);
  const control = allowed ? (
    <FormControlLabel
      control={<Switch checked={on} onChange={(e) => setOn(e.target.checked)} />}
      label="Use Mock Data"
    />
  ) : null;
  return { mock: allowed && on, control };
}

/** A sub-page of the reconciliation menu: its title, the 'Back to Menu' link and the mock switch. */
export function ReconciliationFrame({
  title,
  mockControl,
  children,
}: {
  title: string;
  mockControl?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page title={title}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Link component={RouterLink} to={MENU_PATH}>
          Back to Menu
        </Link>
        <Box sx={{ flex: 1 }} />
        {mockControl}
      </Box>
      {children}
    </Page>
  );
}
