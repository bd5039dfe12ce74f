import type { Theme } from '@mui/material';

/**
 * The floor screens' phone layout, one place for every scan flow (docs/decisions.md "Phones and an app bar that
 * holds still"): below 600 px the screen's working area has targets at least 48 px tall, room at the bottom for the
 * camera button (it floats at the bottom right, in a right thumb's reach: camera-scan-button.tsx), and its scan area
 * (`floorScanArea`) comes first.
 */
const TARGETS = [
  '& .MuiButton-root',
  '& .MuiIconButton-root',
  '& .MuiToggleButton-root',
  '& .MuiInputBase-root',
  '& .MuiFormControlLabel-root',
  '& .MuiChip-clickable',
].join(', ');

/** The working area (a dialog's content, a page's form): big targets and the camera button's room below. */
export const floorArea = (t: Theme) => ({
  [t.breakpoints.down('sm')]: { [TARGETS]: { minHeight: 48, minWidth: 48 }, pb: 12 },
});

/** The scan fields and the last result: first of the working area on a phone, whatever comes before them wider. */
export const floorScanArea = (t: Theme) => ({
  display: 'grid' as const,
  gap: 2,
  [t.breakpoints.down('sm')]: { order: -1 },
});

/** A dialog's buttons on a phone: as big, and clear of the camera button at the bottom right. */
export const floorActions = (t: Theme) => ({
  [t.breakpoints.down('sm')]: { [TARGETS]: { minHeight: 48 }, pr: 12, flexWrap: 'wrap', gap: 1 },
});
