// /notifications: which messages also reach me by email, and in which language (opened from the user menu;
// every signed-in user may).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationPreferencesScreen } from '../../areas/account/NotificationPreferencesScreen'

export const Route = createFileRoute('/_app/notifications')({
  staticData: { title: msg`Email notifications` },
  component: NotificationPreferencesScreen,
})
