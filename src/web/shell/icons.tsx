// The shell's icons: @tabler/icons-react's under the names the app uses, drawn at the shell's size and a
// lighter stroke, and hidden from assistive technology (an icon-only button carries its own aria-label).
import {
  IconBell as TablerBell,
  IconCalendar as TablerCalendar,
  IconChartLine as TablerChartLine,
  IconCheck as TablerCheck,
  IconCoins as TablerCoins,
  IconCompass as TablerCompass,
  IconDatabase as TablerDatabase,
  IconDeviceDesktop as TablerDeviceDesktop,
  IconFile as TablerFile,
  IconGauge as TablerGauge,
  IconHome as TablerHome,
  type TablerIcon,
  type IconProps as TablerIconProps,
  IconList as TablerList,
  IconLock as TablerLock,
  IconLogout as TablerLogout,
  IconMail as TablerMail,
  IconNews as TablerNews,
  IconNotes as TablerNotes,
  IconPhoto as TablerPhoto,
  IconPlus as TablerPlus,
  IconRoute as TablerRoute,
  IconShieldCheck as TablerShieldCheck,
  IconTag as TablerTag,
  IconTruck as TablerTruck,
  IconUpload as TablerUpload,
  IconWorld as TablerWorld,
} from '@tabler/icons-react'
import type { ReactElement } from 'react'

export type IconProps = TablerIconProps

/** A tabler icon at `size` px (18 in the shell) with the app's 1.7 stroke, decorative unless titled. */
export function appIcon(Drawn: TablerIcon, size = 18): (p: IconProps) => ReactElement {
  const AppIcon = (p: IconProps) => (
    <Drawn size={size} stroke={1.7} aria-hidden={p.title ? undefined : true} {...p} />
  )
  AppIcon.displayName = Drawn.displayName
  return AppIcon
}

export const IconFrame = appIcon(TablerPhoto)
export const IconTruck = appIcon(TablerTruck)
export const IconChart = appIcon(TablerChartLine)
export const IconCoins = appIcon(TablerCoins)
export const IconShield = appIcon(TablerShieldCheck)
export const IconNews = appIcon(TablerNews)
export const IconMail = appIcon(TablerMail)
export const IconTag = appIcon(TablerTag)
export const IconNotes = appIcon(TablerNotes)
export const IconList = appIcon(TablerList)
export const IconDatabase = appIcon(TablerDatabase)
export const IconBell = appIcon(TablerBell)
export const IconGlobe = appIcon(TablerWorld)
export const IconLogout = appIcon(TablerLogout)
export const IconHome = appIcon(TablerHome)
export const IconGauge = appIcon(TablerGauge)
export const IconRoute = appIcon(TablerRoute)
export const IconPlus = appIcon(TablerPlus)
export const IconCheck = appIcon(TablerCheck)
export const IconUpload = appIcon(TablerUpload)
export const IconFile = appIcon(TablerFile)
export const IconCalendar = appIcon(TablerCalendar)
export const IconMonitor = appIcon(TablerDeviceDesktop)
export const IconLock = appIcon(TablerLock)
export const IconCompass = appIcon(TablerCompass)

/** The side menu's icon for each system (the menu's first-level keys). */
export const SYSTEM_ICONS: Record<string, (p: IconProps) => ReactElement> = {
  artworkArchive: IconFrame,
  devOpsManage: IconTruck,
  valueManage: IconChart,
  financeManage: IconCoins,
  authManage: IconShield,
  dynamicManage: IconNews,
  messageCenter: IconMail,
  versionManage: IconTag,
  versionLog: IconNotes,
  systemLog: IconList,
  'art-data-center': IconDatabase,
}
