// The signed-in user's notification choices: which kinds of message also come by email, and the
// language of those emails. Shell calls: the screen belongs to no system.
import { queryOptions } from '@tanstack/react-query'
import type { NotificationPreferencesInput } from '../../../shared/contracts/notifications'
import { api } from '../http'

const contracts = () => import('../../../shared/contracts/notifications')

export const notificationKeys = {
  all: ['notifications'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
}

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }) =>
      api.get('notifications/preferences', {
        schema: (await contracts()).notificationPreferencesView,
        signal,
        shell: true,
      }),
  })

export const saveNotificationPreferences = async (body: NotificationPreferencesInput) =>
  api.put('notifications/preferences', {
    json: body,
    schema: (await contracts()).notificationPreferencesView,
    shell: true,
  })
