import { useEffect, useState } from 'react';
import { Box, IconButton, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/** How long the copied indicator shows (000 §4, §9). */
export const COPIED_INDICATOR_MS = 2_500;

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the asynchronous clipboard (an insecure origin, a refused permission): the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** A copy icon; after a click the text is on the clipboard and "Copied" shows for 2.5 seconds. */
export function CopyToClipboardButton({ text, label }: { text: string; label: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copy = async () => {
    await writeClipboard(text);
    setCopiedAt(Date.now());
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      {/* The browser's own tooltip (title): a list shows 25 of these, and MUI's Tooltip costs a render each. */}
      <IconButton size="small" aria-label={label} title={label} onClick={() => void copy()}>
        {copiedAt === null ? <ContentCopyIcon fontSize="inherit" /> : <CheckIcon fontSize="inherit" color="success" />}
      </IconButton>
      {copiedAt !== null && (
        <Typography
          component="span"
          variant="caption"
          color="success.main"
          role="status"
          data-testid="copied-indicator"
        >
          Copied
        </Typography>
      )}
    </Box>
  );
}
