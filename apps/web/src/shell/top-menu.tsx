import { cloneElement, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, ListSubheader, Menu, MenuItem, useMediaQuery, useTheme } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MenuIcon from '@mui/icons-material/Menu';
import { hasPermission } from '@keystone/contracts';
import { APP_ROUTES, canOpenRoute, MENU_GROUPS, type AppRoute, type TMenuGroup } from '../app/route-table';

/** What an empty group says: the group stays (000 §2 makes only Admin conditional), its items are hidden. */
export const EMPTY_GROUP_TEXT = 'Nothing here is available to your role.';

/**
 * The menu groups and the items a role may open (000 §2): every group always, Admin only with admin-menu:view;
 * items without permission are hidden, so a group may be empty (it then says so).
 */
export function visibleMenu(role: string): { group: TMenuGroup; items: AppRoute[] }[] {
  return MENU_GROUPS.filter((group) => group !== 'Admin' || hasPermission(role, 'admin-menu:view')).map((group) => ({
    group,
    items: APP_ROUTES.filter((r) => r.menu?.group === group && canOpenRoute(role, r)),
  }));
}

function menuItems(items: AppRoute[], close: () => void) {
  if (items.length === 0) {
    return [
      <MenuItem key="empty" disabled sx={{ whiteSpace: 'normal', maxWidth: 260 }}>
        {EMPTY_GROUP_TEXT}
      </MenuItem>,
    ];
  }
  return items.map((item) => (
    <MenuItem key={item.path} component={RouterLink} to={item.path} onClick={close}>
      {item.menu?.label ?? item.title}
    </MenuItem>
  ));
}

function MenuGroup({ group, items }: { group: TMenuGroup; items: AppRoute[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${group.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-controls={anchor ? id : undefined}
        aria-haspopup="true"
      >
        {group}
      </Button>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {menuItems(items, () => setAnchor(null))}
      </Menu>
    </>
  );
}

/** On a phone the groups fold into one Menu button listing each group under its heading. */
function CompactMenu({ groups }: { groups: { group: TMenuGroup; items: AppRoute[] }[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<MenuIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-controls={anchor ? 'menu-compact' : undefined}
        aria-haspopup="true"
      >
        Menu
      </Button>
      <Menu
        id="menu-compact"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: '80vh' } } }}
      >
        <MenuItem component={RouterLink} to="/" onClick={close}>
          Home
        </MenuItem>
        {groups.flatMap((g) => [
          <ListSubheader key={`${g.group}-heading`}>{g.group}</ListSubheader>,
          ...menuItems(g.items, close).map((item) => cloneElement(item, { key: `${g.group}-${item.key}` })),
        ])}
      </Menu>
    </>
  );
}

export function TopMenu({ role }: { role: string }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const groups = visibleMenu(role);
  return (
    <nav aria-label="Main menu" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>
      {compact ? (
        <CompactMenu groups={groups} />
      ) : (
        <>
          <Button color="inherit" component={RouterLink} to="/">
            Home
          </Button>
          {groups.map((g) => (
            <MenuGroup key={g.group} group={g.group} items={g.items} />
          ))}
        </>
      )}
    </nav>
  );
}
