// /authManage/home: the staff accounts — name, sign-in name, roles, enabled or not, and whether sign-in is
// locked after failed attempts (until when), with the administrator's "Unlock" that lifts every lock of the
// user (POST /api/auth/users/:id/unlock, logged by the server). The keyword and page live in the URL.
// Accounts are laid out as cards, so the list reads the same at 390 px as on a desk.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserView } from '../../../shared/contracts/admin'
import {
  adminKeys,
  USERS_PAGE_SIZE,
  type UserListSearch,
  unlockUser,
  usersQuery,
} from '../../api/queries/admin'
import { showSuccess } from '../../forms/notify'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { IconList } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { hasPrivilege } from '../../shell/route-meta'
import { useLang } from '../process/machine-words'

function UserCard({ user, canEdit }: { user: UserView; canEdit: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const unlock = useMutation({
    mutationFn: () => unlockUser(user.id),
    onSuccess: async (updated) => {
      showSuccess(t`${updated.displayName} may sign in again.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  const lockedUntil = user.signInLockedUntil
  return (
    <Card withBorder radius="md" padding="md" data-testid="user-card" data-username={user.username}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {user.displayName}
            </Text>
            <Text fz="sm" c="dimmed" truncate>
              {user.username}
            </Text>
          </Stack>
          {user.enabled ? (
            <Badge variant="light" color="teal" radius="sm">
              <Trans>Enabled</Trans>
            </Badge>
          ) : (
            <Badge variant="light" color="gray" radius="sm">
              <Trans>Disabled</Trans>
            </Badge>
          )}
        </Group>
        <Text fz="sm">
          {user.roleNames.length ? user.roleNames.join(lang === 'en' ? ', ' : '、') : <Trans>No role</Trans>}
        </Text>
        {lockedUntil ? (
          <Group justify="space-between" gap="xs" data-testid="user-locked">
            <Badge variant="light" color="red" radius="sm">
              <Trans>Sign-in locked until {formatDateTime(lockedUntil, lang)}</Trans>
            </Badge>
            {canEdit ? (
              <Button
                size="xs"
                variant="light"
                loading={unlock.isPending}
                onClick={() => unlock.mutate()}
                data-testid="user-unlock"
              >
                <Trans>Unlock</Trans>
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  )
}

export function UsersScreen({
  search,
  onSearch,
}: {
  search: UserListSearch
  onSearch: (next: UserListSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const me = useMe()
  const users = useQuery(usersQuery(search))
  const setKeyword = useDebouncedCallback(
    (keyword: string) => onSearch({ keyword: keyword.trim() || undefined }, { replace: true }),
    300,
  )
  const total = users.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
  return (
    <>
      <PageHeader description={<Trans>Staff accounts, their roles, and sign-in locks you can lift.</Trans>} />
      <Stack gap="md">
        <TextInput
          label={t`Search by name or sign-in name`}
          defaultValue={search.keyword ?? ''}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          maw={360}
          maxLength={64}
        />
        {users.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : users.isError ? (
          <Text c="dimmed" fz="sm" data-testid="user-list-failed">
            <Trans>The users could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : users.data.list.length > 0 ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="user-list">
              {users.data.list.map((u) => (
                <UserCard key={u.id} user={u} canEdit={hasPrivilege(me, 'authManage:edit')} />
              ))}
            </SimpleGrid>
            <Group justify="space-between">
              <Text fz="sm" c="dimmed" data-testid="user-total">
                <Plural value={total} one="# user" other="# users" />
              </Text>
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={search.page ?? 1}
                  onChange={(page) => onSearch({ ...search, page })}
                  size="sm"
                />
              ) : null}
            </Group>
          </>
        ) : (
          <Card withBorder radius="md" padding="xl">
            <EmptyState
              icon={<IconList size={24} />}
              title={<Trans>No users</Trans>}
              description={<Trans>Nobody matches this search.</Trans>}
            />
          </Card>
        )}
      </Stack>
    </>
  )
}
