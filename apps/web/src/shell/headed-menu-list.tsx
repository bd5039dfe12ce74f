import { cloneElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { Menu, MenuItem, Typography } from '@mui/material';
import type { AppRoute, TMenuGroup } from '../app/route-table';
import { menuItems } from './menu-items';

/** The list of the app bar's Menu (a phone) or More button: each group under its heading. */
export default function HeadedMenuList({
  id,
  anchor,
  onClose,
  groups,
  withHome,
}: {
  id: string;
  anchor: HTMLElement;
  onClose(): void;
  groups: { group: TMenuGroup; items: AppRoute[] }[];
  withHome: boolean;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose} slotProps={{ paper: { sx: { maxHeight: '80vh' } } }}>
      {withHome && (
        <MenuItem component={RouterLink} to="/" onClick={onClose}>
          Home
        </MenuItem>
      )}
      {groups.flatMap((g) => [
        <Typography
          key={`${g.group}-heading`}
          component="li"
          role="presentation"
          variant="overline"
          sx={{ display: 'block', px: 2, pt: 1, color: 'text.secondary', lineHeight: 2.5 }}
        >
          {g.group}
        </Typography>,
        ...menuItems(g.items, onClose).map((item) => cloneElement(item, { key: `${g.group}-${item.key}` })),
      ])}
    </Menu>
  );
}
