// /storageRoom/...: warehouse screens listed among the Operations children with absolute paths (docs/architecture.md § Screens and routes), so
// they sit in the Operations area of the menu and its breadcrumb.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/storageRoom')({
  staticData: { title: msg`Operations`, crumbTo: '/devOpsManage/index', system: 'devOpsManage' },
})
