import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { newPoTarget } from '../lib/po-links';
import { useCan } from '../lib/session-store';
import { listenForShortcuts, SHORTCUT_GROUPS, useShortcuts } from '../lib/shortcuts';

/**
 * The shortcuts of every screen (docs/decisions.md, "Keyboard shortcuts"): `?` lists the screen's shortcuts, Alt-N
 * a new purchase order (for a role that may create one), `g h` Home. Search's `/` and Ctrl/⌘-K are declared by the
 * search button. Starts the registry's one key listener.
 */
export function useGlobalShortcuts(showList: () => void): void {
  const navigate = useNavigate();
  const canCreatePo = useCan('purchase-order:create');
  useEffect(() => listenForShortcuts(), []);
  useShortcuts([
    { keys: '?', description: 'Show the keyboard shortcuts', group: SHORTCUT_GROUPS.everywhere, handler: showList },
    {
      keys: 'alt+n',
      description: 'New purchase order',
      group: SHORTCUT_GROUPS.everywhere,
      enabled: canCreatePo,
      handler: () => {
        const { to, state } = newPoTarget();
        void navigate(to, { state });
      },
    },
    { keys: 'g h', description: 'Go to Home', group: SHORTCUT_GROUPS.everywhere, handler: () => void navigate('/') },
  ]);
}
