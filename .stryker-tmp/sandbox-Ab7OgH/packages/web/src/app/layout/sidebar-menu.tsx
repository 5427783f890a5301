// @ts-nocheck
import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { useIsAdmin } from '@/lib/session.ts';
import { isAdminRoute, routes, type RouteName } from '@/lib/routes.ts';
import { sidebar, type NavEntry } from './sidebar-items.tsx';

type Item = Required<MenuProps>['items'][number];

const isGroup = (e: NavEntry) => 'children' in e;
const visible = (e: NavEntry, isAdmin: boolean) =>
  isAdmin || !(e.admin || (!isGroup(e) && isAdminRoute((e as { route: RouteName }).route)));

function toItems(entries: NavEntry[], isAdmin: boolean): Item[] {
  return entries
    .filter((e) => visible(e, isAdmin))
    .map((e) =>
      'children' in e
        ? {
            key: e.key,
            label: <span title={e.label}>{e.label}</span>,
            icon: e.icon,
            children: toItems(e.children, isAdmin),
          }
        : {
            key: e.route,
            icon: e.icon,
            // The full text on hover: long entries are cut with an ellipsis at the sidebar's width.
            label: (
              <Link to={routes[e.route].path} title={e.label}>
                {e.label}
              </Link>
            ),
          },
    );
}

/** The link whose path is the longest prefix of the address (so /users/3/edit selects Users). */
function selectedRoute(pathname: string, entries: NavEntry[]): { route?: RouteName; parents: string[] } {
  let best: { route?: RouteName; parents: string[]; length: number } = { parents: [], length: 0 };
  const walk = (list: NavEntry[], parents: string[]) => {
    for (const e of list) {
      if ('children' in e) walk(e.children, [...parents, e.key]);
      else {
        const path = routes[e.route].path;
        const hit = pathname === path || pathname.startsWith(`${path}/`);
        if (hit && path.length > best.length) best = { route: e.route, parents, length: path.length };
      }
    }
  };
  walk(entries, []);
  return best;
}

export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const isAdmin = useIsAdmin();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(sidebar, isAdmin), [isAdmin]);
  const selected = selectedRoute(pathname, sidebar);
  // Mini mode shows groups as fly-outs, so none stays open; at full width the current screen's group opens,
  // and the groups the user opens or closes stay so until the mode or the screen's group changes.
  const scope = `${collapsed}|${selected.parents.join('/')}`;
  const [opened, setOpened] = useState<{ scope: string; keys: string[] } | null>(null);
  const openKeys = opened?.scope === scope ? opened.keys : collapsed ? [] : selected.parents;
  const setOpenKeys = (keys: string[]) => setOpened({ scope, keys });

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected.route ? [selected.route] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
