import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';

export interface TEmptyAction {
  label: string;
  /** A page to open, or… */
  to?: string;
  /** …what the button does (Clear filters). */
  onClick?: () => void;
}

/**
 * What a list shows when it has no rows: an icon, a sentence (the spec's own where it gives one), and the
 * next step as a button, given only where the role may take it. `kind` tells "nothing yet" (`none`: the list is
 * empty, e.g. Create a PO) from "no match for these filters" (`no-match`: e.g. Clear filters).
 */
export function EmptyState({
  kind,
  message,
  hint,
  action,
  icon,
  testId,
}: {
  kind: 'none' | 'no-match';
  message: ReactNode;
  /** A second, quieter sentence. */
  hint?: ReactNode;
  action?: TEmptyAction | null;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      role="status"
      data-testid={testId}
      data-empty-kind={kind}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 3, px: 1, textAlign: 'center' }}
    >
      <Box aria-hidden sx={{ color: 'text.disabled', '& svg': { fontSize: 40 } }}>
        {icon ?? (kind === 'none' ? <InboxOutlinedIcon /> : <SearchOffIcon />)}
      </Box>
      <Typography color="text.secondary">{message}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      {action &&
        (action.to ? (
          <Button variant="outlined" component={RouterLink} to={action.to}>
            {action.label}
          </Button>
        ) : (
          <Button variant="outlined" onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
    </Box>
  );
}
