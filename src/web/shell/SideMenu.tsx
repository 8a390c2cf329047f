// The side menu: what GET /api/auth/me says this user may use (the server filters it by privilege), in the
// language shown (each entry carries both labels, so switching needs no new request).
import { useLingui } from '@lingui/react'
import { NavLink, ScrollArea } from '@mantine/core'
import { Link, useLocation } from '@tanstack/react-router'
import type { MenuEntry } from '../../shared/contracts/auth'
import { langOf } from '../../shared/lang'
import { pickLabel } from '../i18n/format'
import { SYSTEM_ICONS } from './icons'

/** `/x/home` and `/x/index` are the same screen (docs/architecture.md § Screens and routes). */
function samePage(a: string, b: string): boolean {
  const norm = (p: string) => p.replace(/\/home$/, '/index').replace(/\/$/, '')
  return norm(a) === norm(b)
}

/** The entry's system's screens, and a group's screens that live elsewhere (the stocktakes in operations). */
export function isInArea(pathname: string, entry: MenuEntry): boolean {
  const area = `/${entry.key.split('/')[0]}`
  if (pathname === area || pathname.startsWith(`${area}/`)) return true
  return !!entry.children?.some((c) => samePage(c.path, pathname))
}

export function SideMenu({ menu, onNavigate }: { menu: MenuEntry[]; onNavigate?: () => void }) {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const { pathname } = useLocation()
  return (
    <ScrollArea type="hover" style={{ flex: 1 }} data-testid="side-menu">
      {menu.map((entry) => {
        const Icon = SYSTEM_ICONS[entry.key]
        const inArea = isInArea(pathname, entry)
        if (!entry.children || entry.children.length === 0) {
          return (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.path}
              label={pickLabel(entry, lang)}
              leftSection={Icon ? <Icon /> : null}
              active={inArea}
              onClick={onNavigate}
              data-menu-key={entry.key}
            />
          )
        }
        // A group opens and closes in place: a button (a link without an address can be neither focused nor
        // say it is expanded).
        return (
          <NavLink
            key={entry.key}
            component="button"
            type="button"
            label={pickLabel(entry, lang)}
            leftSection={Icon ? <Icon /> : null}
            defaultOpened={inArea}
            active={inArea && !entry.children.some((c) => samePage(c.path, pathname))}
            variant="subtle"
            data-menu-key={entry.key}
          >
            {entry.children.map((child) => (
              <NavLink
                key={child.key}
                component={Link}
                to={child.path}
                label={pickLabel(child, lang)}
                active={samePage(child.path, pathname)}
                onClick={onNavigate}
                data-menu-key={child.key}
              />
            ))}
          </NavLink>
        )
      })}
    </ScrollArea>
  )
}
