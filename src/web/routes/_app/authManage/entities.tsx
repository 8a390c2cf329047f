// /authManage/entities: the family office's legal entities as a tree, maintained by administrators.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { EntitiesScreen } from '../../../areas/entities/EntitiesScreen'

export const Route = createFileRoute('/_app/authManage/entities')({
  staticData: { title: msg`Legal entities`, privilege: 'authManage:entities' },
  component: EntitiesScreen,
})
