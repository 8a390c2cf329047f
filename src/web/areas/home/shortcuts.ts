// The home page's shortcuts: the most used screens, each shown only to users whose privileges cover it.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PrivilegeKey } from '../../../shared/privileges'
import type { AppPath } from '../../shell/route-paths'

export interface Shortcut {
  key: string
  title: MessageDescriptor
  description: MessageDescriptor
  to: AppPath
  privilege: PrivilegeKey
  icon: string
}

export const SHORTCUTS: Shortcut[] = [
  {
    key: 'archive',
    title: msg`Artwork archive`,
    description: msg`Find an artwork and its records`,
    to: '/artworkArchive/index',
    privilege: 'artworkArchive:view',
    icon: 'artworkArchive',
  },
  {
    key: 'addArtwork',
    title: msg`Add an artwork`,
    description: msg`Register a new work in the archive`,
    to: '/artworkArchive/add',
    privilege: 'artworkArchive:edit',
    icon: 'artworkArchive',
  },
  {
    key: 'startProcess',
    title: msg`Start a process`,
    description: msg`Purchase, transport, insurance and more`,
    to: '/devOpsLinkPage',
    privilege: 'devOpsManage:start',
    icon: 'devOpsManage',
  },
  {
    key: 'processes',
    title: msg`All processes`,
    description: msg`Follow every process under way`,
    to: '/devOpsManage/index',
    privilege: 'devOpsManage:view',
    icon: 'devOpsManage',
  },
  {
    key: 'valuation',
    title: msg`Valuation`,
    description: msg`Latest values of the collection`,
    to: '/valueManage/index',
    privilege: 'valueManage:view',
    icon: 'valueManage',
  },
  {
    key: 'finance',
    title: msg`Contracts and payments`,
    description: msg`Contracts, payments and their history`,
    to: '/financeManage/index',
    privilege: 'financeManage:view',
    icon: 'financeManage',
  },
  {
    key: 'roles',
    title: msg`Roles and privileges`,
    description: msg`Who may use which part of the system`,
    to: '/authManage/home',
    privilege: 'authManage:view',
    icon: 'authManage',
  },
  {
    key: 'systemLog',
    title: msg`System log`,
    description: msg`Every request, who made it and how it went`,
    to: '/systemLog/home',
    privilege: 'systemLog:view',
    icon: 'systemLog',
  },
  {
    key: 'messages',
    title: msg`Message centre`,
    description: msg`Notices and replies about your work`,
    to: '/messageCenter/index',
    privilege: 'messageCenter:view',
    icon: 'messageCenter',
  },
]
