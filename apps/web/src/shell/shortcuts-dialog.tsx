import { useSyncExternalStore } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { keysLabel } from '../lib/shortcut-engine';
import { shortcutRegistry, type TShortcut } from '../lib/shortcuts';

/** The list `?` opens: the shortcuts active on this screen, by group (a chunk of its own, fetched on first use). */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  // Follows screens that declare theirs after the list opened (a page still loading).
  useSyncExternalStore(
    (listener) => shortcutRegistry.subscribe(listener),
    () => shortcutRegistry.version,
  );
  const groups = new Map<string, TShortcut[]>();
  for (const s of shortcutRegistry.active()) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-dialog"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        {[...groups].map(([group, list]) => (
          <Box key={group} component="section" aria-label={group} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
              {group}
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
            >
              {list.map((s) => (
                <Box key={s.keys} sx={{ display: 'contents' }} data-testid="shortcut">
                  <Box component="dt" sx={{ whiteSpace: 'nowrap' }}>
                    <Box
                      component="kbd"
                      sx={{
                        fontFamily: 'monospace',
                        px: 0.75,
                        py: 0.25,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                      }}
                    >
                      {keysLabel(s.keys)}
                    </Box>
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {s.description}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
        <Typography variant="body2" color="text.secondary">
          Letter keys do nothing while you type in a field; {keysLabel('mod+s')} saves from inside one.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
