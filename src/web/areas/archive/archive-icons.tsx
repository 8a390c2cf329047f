// The archive screens' icons (search, filters, views, downloads, editing, history, media and zoom):
// @tabler/icons-react's under the archive's names, 16 px for its denser tables and toolbars.
import {
  IconArchive as TablerArchive,
  IconArrowRight as TablerArrowRight,
  IconDownload as TablerDownload,
  IconEdit as TablerEdit,
  IconEye as TablerEye,
  IconFileCode as TablerFileCode,
  IconFileSpreadsheet as TablerFileSpreadsheet,
  IconFilter as TablerFilter,
  IconHistory as TablerHistory,
  IconLayoutGrid as TablerLayoutGrid,
  IconMapPin as TablerMapPin,
  IconPlayerPlay as TablerPlayerPlay,
  IconRestore as TablerRestore,
  IconRuler as TablerRuler,
  IconSearch as TablerSearch,
  IconSortAscending as TablerSortAscending,
  IconSortDescending as TablerSortDescending,
  IconStar as TablerStar,
  IconTable as TablerTable,
  IconTrash as TablerTrash,
  IconZoomIn as TablerZoomIn,
  IconZoomOut as TablerZoomOut,
} from '@tabler/icons-react'
import { appIcon } from '../../shell/icons'

export const IconSearch = appIcon(TablerSearch, 16)
export const IconFilter = appIcon(TablerFilter, 16)
export const IconTable = appIcon(TablerTable, 16)
export const IconGrid = appIcon(TablerLayoutGrid, 16)
export const IconDownload = appIcon(TablerDownload, 16)
export const IconSheet = appIcon(TablerFileSpreadsheet, 16)
export const IconXml = appIcon(TablerFileCode, 16)
export const IconEdit = appIcon(TablerEdit, 16)
export const IconTrash = appIcon(TablerTrash, 16)
export const IconHistory = appIcon(TablerHistory, 16)
export const IconRestore = appIcon(TablerRestore, 16)
export const IconPlay = appIcon(TablerPlayerPlay, 16)
export const IconZoomIn = appIcon(TablerZoomIn, 16)
export const IconZoomOut = appIcon(TablerZoomOut, 16)
export const IconEye = appIcon(TablerEye, 16)
export const IconSortAsc = appIcon(TablerSortAscending, 16)
export const IconSortDesc = appIcon(TablerSortDescending, 16)
export const IconArrowRight = appIcon(TablerArrowRight, 16)
export const IconStar = appIcon(TablerStar, 16)
export const IconRuler = appIcon(TablerRuler, 16)
export const IconArchiveBox = appIcon(TablerArchive, 16)
export const IconMapPin = appIcon(TablerMapPin, 16)
