// What each route declares about itself (TanStack Router `staticData`): its title for breadcrumbs and the
// browser tab, where its breadcrumb links, and the privilege its screen needs. The server enforces every
// privilege; the shell uses them to show "no access" instead of a screen that cannot work.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { holdsAny } from '../../shared/access'
import { langOf } from '../../shared/lang'
import type { PrivilegeKey, SystemName } from '../../shared/privileges'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Title of the screen (or of the area, on an area's layout route): a Lingui message, or the words in both
     * languages (a generated list route takes them from its process type's declaration).
     */
    title?: RouteTitle
    /** Where this level's breadcrumb links when it is not a screen itself (areas link to their index). */
    crumbTo?: string
    /** The breadcrumb keeps the address's search (the item shown: a content item's `id`). */
    crumbKeepsSearch?: boolean
    /** The area needs any privilege within this system (as the server's x-system-name check). */
    system?: SystemName
    /** The screen needs any one of these privileges. */
    privilege?: PrivilegeKey | readonly PrivilegeKey[]
    /** Only administrators (full privilege) may open the screen. */
    adminOnly?: boolean
  }
}

/** A route's title: a Lingui message, or its words in both languages. */
export type RouteTitle = MessageDescriptor | { 'zh-CN': string; en: string }

/** A route's title in the language shown. */
export function titleText(i18n: I18n, title: RouteTitle): string {
  if ('zh-CN' in title) return langOf(i18n.locale) === 'en' ? title.en : title['zh-CN']
  return i18n._(title)
}

export interface Access {
  allPrivileges: boolean
  privileges: readonly string[]
}

export function mayUse(
  access: Access,
  required: { privilege?: PrivilegeKey | readonly PrivilegeKey[]; adminOnly?: boolean; system?: SystemName },
): boolean {
  if (access.allPrivileges) return true
  if (required.adminOnly) return false
  if (required.system && !access.privileges.some((p) => p.startsWith(`${required.system}:`))) return false
  if (!required.privilege) return true
  return holdsAny(access, typeof required.privilege === 'string' ? [required.privilege] : required.privilege)
}
