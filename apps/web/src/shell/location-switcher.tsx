import { MenuItem, TextField } from '@mui/material';
import { locationOptions, useLocationIndex } from '../lib/location-store';
import { useLocations } from '../lib/queries';
import { onBarField } from './on-bar-field';

/** The app bar's location select: a chunk of its own (the text field and its menu are out of the first download). */
export default function LocationSwitcher() {
  const { data: codes = [] } = useLocations();
  const index = useLocationIndex((s) => s.index);
  const setIndex = useLocationIndex((s) => s.setIndex);
  const options = locationOptions(codes);
  return (
    <TextField
      select
      size="small"
      label="Location"
      value={index < options.length ? index : 0}
      onChange={(e) => setIndex(Number(e.target.value))}
      sx={{ minWidth: 150, ...onBarField }}
      slotProps={{ htmlInput: { 'data-testid': 'location-switcher' } }}
    >
      {options.map((label, i) => (
        <MenuItem key={label} value={i}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}
