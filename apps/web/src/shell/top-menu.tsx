import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { hasPermission } from '@keystone/contracts';
import { APP_ROUTES, MENU_GROUPS, routePermission, type AppRoute, type TMenuGroup } from '../app/route-table';

/** Menu items a role may open, per group; Admin only with admin-menu:view (000 §2). */
export function visibleMenu(role: string): { group: TMenuGroup; items: AppRoute[] }[] {
  return MENU_GROUPS.filter((group) => group !== 'Admin' || hasPermission(role, 'admin-menu:view'))
    .map((group) => ({
      group,
      items: APP_ROUTES.filter((r) => r.menu?.group === group && hasPermission(role, routePermission(r))),
    }))
    .filter((g) => g.items.length > 0);
}

function MenuGroup({ group, items }: { group: TMenuGroup; items: AppRoute[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${group.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <>
      <Button color="inherit" endIcon={<ArrowDropDownIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-controls={anchor ? id : undefined} aria-haspopup="true">
        {group}
      </Button>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem key={item.path} component={RouterLink} to={item.path} onClick={() => setAnchor(null)}>
            {item.menu?.label ?? item.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function TopMenu({ role }: { role: string }) {
  return (
    <nav aria-label="Main menu" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>
      <Button color="inherit" component={RouterLink} to="/">
        Home
      </Button>
      {visibleMenu(role).map((g) => (
        <MenuGroup key={g.group} group={g.group} items={g.items} />
      ))}
    </nav>
  );
}
