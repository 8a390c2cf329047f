// /devOpsManage/initiateBuy: start a purchase (BUY_ART): the artworks, the seller, the price and its currency.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { startPrivilegesOf } from '../../../../shared/access'
import { InitiateBuyScreen } from '../../../areas/purchase/InitiateBuyScreen'

export const Route = createFileRoute('/_app/devOpsManage/initiateBuy')({
  staticData: { title: msg`Start a purchase`, privilege: startPrivilegesOf('BUY_ART') },
  component: InitiateBuyScreen,
})
