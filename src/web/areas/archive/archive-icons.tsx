// The archive screens' own icons, drawn like the shell's (24 × 24 stroke drawings), so the app still ships
// no icon library: search, filters, views, downloads, editing, history, media and zoom.
import type { ReactNode } from 'react'
import { type IconProps, Icon as ShellIcon } from '../../shell/icons'

/** The archive's icons sit in denser tables and toolbars: 16 px unless told otherwise. */
function Icon({ size = 16, ...rest }: IconProps & { children: ReactNode }) {
  return <ShellIcon size={size} {...rest} />
}

export const IconSearch = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </Icon>
)
export const IconFilter = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5h16l-6 7.5V19l-4 1.5v-8L4 5z" />
  </Icon>
)
export const IconTable = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="1.5" />
    <path d="M3.5 9.5h17M3.5 14.5h17M9 9.5v10" />
  </Icon>
)
export const IconGrid = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="4" width="7" height="7" rx="1" />
    <rect x="13" y="4" width="7" height="7" rx="1" />
    <rect x="4" y="13" width="7" height="7" rx="1" />
    <rect x="13" y="13" width="7" height="7" rx="1" />
  </Icon>
)
export const IconDownload = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
    <path d="M4.5 16.5v2.5a1 1 0 0 0 1 1h13a1 1 0 0 0 1-1v-2.5" />
  </Icon>
)
export const IconSheet = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h8.5L19 8v12a.5.5 0 0 1-.5.5h-12.5a.5.5 0 0 1-.5-.5V4a.5.5 0 0 1 .5-.5z" />
    <path d="M14 3.5V8h5M8.5 12.5h7M8.5 16h7M12 11v7" />
  </Icon>
)
export const IconEdit = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
)
export const IconTrash = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13" />
  </Icon>
)
export const IconHistory = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 12a8 8 0 1 0 2.3-5.6" />
    <path d="M4 4.5V9h4.5M12 8v4.5l3 2" />
  </Icon>
)
export const IconRestore = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14L4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
)
export const IconPlay = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 5.5v13l10.5-6.5L8 5.5z" />
  </Icon>
)
export const IconZoomIn = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2M8.5 11h5M11 8.5v5" />
  </Icon>
)
export const IconZoomOut = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2M8.5 11h5" />
  </Icon>
)
export const IconEye = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="2.8" />
  </Icon>
)
export const IconSortAsc = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 19V5M3.5 8.5L7 5l3.5 3.5M13 7h7M13 12h5M13 17h3" />
  </Icon>
)
export const IconSortDesc = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 5v14M3.5 15.5L7 19l3.5-3.5M13 7h3M13 12h5M13 17h7" />
  </Icon>
)
export const IconArrowRight = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13.5 6.5L19 12l-5.5 5.5" />
  </Icon>
)
export const IconStar = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4l2.4 5 5.4.7-4 3.8 1 5.4L12 16.3 7.2 18.9l1-5.4-4-3.8 5.4-.7L12 4z" />
  </Icon>
)
export const IconRuler = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 16.5L16.5 3.5l4 4-13 13-4-4z" />
    <path d="M7 13l1.5 1.5M9.5 10.5l2 2M12 8l1.5 1.5M14.5 5.5l2 2" />
  </Icon>
)
export const IconArchiveBox = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4" width="17" height="4.5" rx="1" />
    <path d="M5 8.5V19a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8.5M10 12.5h4" />
  </Icon>
)
export const IconMapPin = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
)
