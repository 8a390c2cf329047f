// /password: change my own password (opened from the user menu; every signed-in user may).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordScreen } from '../../areas/account/ChangePasswordScreen'

export const Route = createFileRoute('/_app/password')({
  staticData: { title: msg`Change password` },
  component: ChangePasswordScreen,
})
