import { Link as RouterLink } from 'react-router';
import { MenuItem } from '@mui/material';
import type { AppRoute } from '../app/route-table';

/** A menu's entries: one link per route (only the lazily loaded menu lists use it, out of the first download). */
export function menuItems(items: AppRoute[], close: () => void) {
  return items.map((item) => (
    <MenuItem key={item.path} component={RouterLink} to={item.path} onClick={close}>
      {item.menu?.label ?? item.title}
    </MenuItem>
  ));
}
