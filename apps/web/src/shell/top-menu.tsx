import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink } from 'react-router';
import { Box, Button, useMediaQuery, type Theme } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MenuIcon from '@mui/icons-material/Menu';
import { hasPermission } from '@keystone/contracts';
import { loadGroupMenuList, loadHeadedMenuList } from './lazy-parts';
import { APP_ROUTES, canOpenRoute, MENU_GROUPS, type AppRoute, type TMenuGroup } from '../app/route-table';

/**
 * The menu groups and the items a role may open (000 §2): Admin only with admin-menu:view; items without permission
 * are hidden, a "New…" entry also without its write permission, and a group left with nothing is not shown
 * (docs/decisions.md, "The desk").
 */
export function visibleMenu(role: string): { group: TMenuGroup; items: AppRoute[] }[] {
  return MENU_GROUPS.filter((group) => group !== 'Admin' || hasPermission(role, 'admin-menu:view'))
    .map((group) => ({
      group,
      items: APP_ROUTES.filter(
        (r) => r.menu?.group === group && canOpenRoute(role, r) && (!r.menu.write || hasPermission(role, r.menu.write)),
      ),
    }))
    .filter((g) => g.items.length > 0);
}

// A group's list opens from a chunk of its own (warmed with the shell's other lazy parts): out of the first download.
const GroupMenuList = lazy(loadGroupMenuList);

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
      {anchor && (
        <Suspense fallback={null}>
          <GroupMenuList id={id} anchor={anchor} onClose={() => setAnchor(null)} items={items} />
        </Suspense>
      )}
    </>
  );
}

// The list opens from a chunk of its own (warmed with the shell's other lazy parts): out of the first download.
const HeadedMenuList = lazy(loadHeadedMenuList);

/**
 * One button listing groups under their headings: on a phone every group (and Home) as "Menu"; wider, the groups
 * the app bar has no room for, as "More".
 */
function HeadedMenu({
  label,
  groups,
  withHome,
}: {
  label: string;
  groups: { group: TMenuGroup; items: AppRoute[] }[];
  withHome: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = `menu-${label.toLowerCase()}`;
  return (
    <>
      <Button
        color="inherit"
        startIcon={withHome ? <MenuIcon /> : undefined}
        endIcon={withHome ? undefined : <ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-controls={anchor ? id : undefined}
        aria-haspopup="true"
        sx={{ flex: 'none' }}
      >
        {label}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <HeadedMenuList id={id} anchor={anchor} onClose={() => setAnchor(null)} groups={groups} withHome={withHome} />
        </Suspense>
      )}
    </>
  );
}

/**
 * How many of the group buttons fit the nav's width (it takes what the app bar's other items leave), the rest going
 * under "More": the bar stays one row at every width. The buttons that do not fit stay in the page, hidden and out
 * of the flow, so their widths can be read again (fonts arriving, the bar's other items changing).
 */
function useGroupsThatFit(count: number) {
  const navRef = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(count);
  useLayoutEffect(() => {
    const nav = navRef.current!;
    const fit = () => {
      const widths = [...nav.querySelectorAll<HTMLElement>('[data-menu-part]')].map((b) => b.offsetWidth);
      // Home is first and More last: room is kept for More (when all groups would fit but for it, one goes under it).
      let room = nav.clientWidth - widths.shift()! - widths.pop()!;
      let n = 0;
      while (n < widths.length && widths[n]! <= room) room -= widths[n++]!;
      // Before the frame is painted: the bar is never shown with the wrong groups.
      flushSync(() => setShown(n));
    };
    // Measured in the observer's first call (after the browser's own layout, before paint), not here: reading widths
    // in a layout effect forced a layout of the whole first screen inside React's commit.
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [count]);
  return { navRef, shown };
}

const hiddenPart = { position: 'absolute', visibility: 'hidden', pointerEvents: 'none' } as const;

export function TopMenu({ role }: { role: string }) {
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const groups = visibleMenu(role);
  const { navRef, shown } = useGroupsThatFit(compact ? 0 : groups.length);
  const folded = groups.slice(shown);
  return (
    <nav
      ref={navRef}
      aria-label="Main menu"
      style={{ display: 'flex', alignItems: 'center', flex: '1 1 0', minWidth: 0 }}
    >
      {compact ? (
        <HeadedMenu label="Menu" groups={groups} withHome />
      ) : (
        <>
          <Button color="inherit" component={RouterLink} to="/" data-menu-part sx={{ flex: 'none' }}>
            Home
          </Button>
          {groups.map((g, i) => (
            <Box key={g.group} data-menu-part sx={i < shown ? { flex: 'none' } : hiddenPart}>
              <MenuGroup group={g.group} items={g.items} />
            </Box>
          ))}
          <Box data-menu-part sx={folded.length ? { flex: 'none' } : hiddenPart}>
            <HeadedMenu label="More" groups={folded.length ? folded : groups.slice(-1)} withHome={false} />
          </Box>
        </>
      )}
    </nav>
  );
}
