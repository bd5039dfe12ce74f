import { Menu } from '@mui/material';
import type { AppRoute } from '../app/route-table';
import { menuItems } from './menu-items';

/** The list of one menu group of the app bar: a chunk of its own, loaded on the first open (or warmed). */
export default function GroupMenuList({
  id,
  anchor,
  onClose,
  items,
}: {
  id: string;
  anchor: HTMLElement;
  onClose(): void;
  items: AppRoute[];
}) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {menuItems(items, onClose)}
    </Menu>
  );
}
