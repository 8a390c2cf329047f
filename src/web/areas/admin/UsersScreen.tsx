// /authManage/home and /authManage/index: the staff accounts — name in the language shown, sign-in name,
// roles, enabled or not, and whether sign-in is locked after failed attempts (until when). Search, role,
// status and "locked only" live in the URL. Editors create and edit accounts (names in both languages, email,
// roles, privileges of their own beyond the roles), disable and enable them, lift a sign-in lock, reset a
// password (a generated one shown once, with a copy button) and see and end a user's sessions. The server
// keeps the last full-privilege holder; its refusal is shown in its words.
// Accounts are laid out as cards, so the list reads the same at 390 px as on a desk.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  EmptyState,
  Group,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import { holds } from '../../../shared/access'
import {
  type UserView,
  userCreateInput,
  userScopeInput,
  userUpdateInput,
} from '../../../shared/contracts/admin'
import { isApiError } from '../../api/api-error'
import {
  adminKeys,
  createUser,
  endSession,
  resetPassword,
  rolesQuery,
  scopeChoicesQuery,
  setUserEnabled,
  setUserScope,
  USERS_PAGE_SIZE,
  type UserListSearch,
  unlockUser,
  updateUser,
  userSessionsQuery,
  usersQuery,
} from '../../api/queries/admin'
import { ConfirmActions } from '../../forms/ConfirmModal'
import { EnabledBadge, EnableMenuItem } from '../../forms/EnabledCell'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { ToggleModal } from '../../forms/ToggleModal'
import { useForm } from '../../forms/use-form'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { IconList } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'
import { PrivilegeTree } from './PrivilegeTree'

type Dialog =
  | { kind: 'edit'; user: UserView | null }
  | { kind: 'reset'; user: UserView }
  | { kind: 'sessions'; user: UserView }
  | { kind: 'toggle'; user: UserView }
  | { kind: 'scope'; user: UserView }

function UserCard({
  user,
  canEdit,
  onDialog,
}: {
  user: UserView
  canEdit: boolean
  onDialog: (d: Dialog) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const unlock = useMutation({
    mutationFn: () => unlockUser(user.id),
    onSuccess: async (updated) => {
      showSuccess(t`${updated.name} may sign in again.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  const lockedUntil = user.signInLockedUntil
  const scopeNames = user.entityNames.join(lang === 'en' ? ', ' : '、')
  // What the user-management rule lets this user do here (a holder of full privilege is out of reach).
  const mayChange = canEdit && user.mayManage
  return (
    <Card withBorder radius="md" padding="md" data-testid="user-card" data-username={user.username}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {user.name}
            </Text>
            <Text fz="sm" c="dimmed" truncate>
              {user.username}
              {user.email ? ` · ${user.email}` : ''}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <EnabledBadge enabled={user.enabled} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-xs" variant="subtle" data-testid="user-actions">
                  <Trans>More</Trans>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {mayChange ? (
                  <Menu.Item onClick={() => onDialog({ kind: 'edit', user })} data-testid="user-edit">
                    <Trans>Edit</Trans>
                  </Menu.Item>
                ) : null}
                <Menu.Item onClick={() => onDialog({ kind: 'sessions', user })} data-testid="user-sessions">
                  <Trans>Sessions</Trans>
                </Menu.Item>
                {mayChange ? (
                  <>
                    <Menu.Item onClick={() => onDialog({ kind: 'scope', user })} data-testid="user-scope">
                      <Trans>Collection scope</Trans>
                    </Menu.Item>
                    {user.mayResetPassword ? (
                      <Menu.Item onClick={() => onDialog({ kind: 'reset', user })} data-testid="user-reset">
                        <Trans>Reset password</Trans>
                      </Menu.Item>
                    ) : null}
                    <EnableMenuItem
                      enabled={user.enabled}
                      testId="user"
                      onToggle={() => onDialog({ kind: 'toggle', user })}
                    />
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Text fz="sm">
          {user.roleNames.length ? user.roleNames.join(lang === 'en' ? ', ' : '、') : <Trans>No role</Trans>}
          {user.privileges.length ? (
            <Text span fz="xs" c="dimmed">
              {' '}
              <Plural value={user.privileges.length} one="+ # own privilege" other="+ # own privileges" />
            </Text>
          ) : null}
        </Text>
        {scopeNames ? (
          <Text fz="xs" c="dimmed" data-testid="user-scope-names">
            <Trans>Limited to: {scopeNames}</Trans>
          </Text>
        ) : null}
        {lockedUntil ? (
          <Group justify="space-between" gap="xs" data-testid="user-locked">
            <Badge variant="light" color="red" radius="sm" style={{ textTransform: 'none' }}>
              <Trans>Sign-in locked until {formatDateTime(lockedUntil, lang)}</Trans>
            </Badge>
            {mayChange ? (
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
  const lang = useLang()
  const me = useMe()
  const canEdit = holds(me, 'authManage:edit')
  const users = useQuery(usersQuery(search))
  const roles = useQuery(rolesQuery())
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const total = users.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
  const close = () => setDialog(null)
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Staff accounts: their roles and own privileges, sign-in locks you can lift, passwords you can
            reset and sessions you can end.
          </Trans>
        }
        actions={
          canEdit ? (
            <Button onClick={() => setDialog({ kind: 'edit', user: null })} data-testid="user-new">
              <Trans>New user</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SearchFilter
            label={t`Search by name, sign-in name or email`}
            value={search.keyword}
            onSearch={(keyword) => onSearch({ ...search, keyword, page: undefined }, { replace: true })}
            maxLength={64}
            testId="user-search"
          />
          <Select
            label={t`Role`}
            placeholder={t`Any role`}
            clearable
            data={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: lang === 'en' ? r.nameEn : r.nameZh,
            }))}
            value={search.roleId ?? null}
            onChange={(v) => onSearch({ ...search, roleId: v ?? undefined, page: undefined })}
            w={200}
            maw="100%"
            data-testid="user-role-filter"
          />
          <Select
            label={t`Status`}
            allowDeselect={false}
            data={[
              { value: 'all', label: t`All` },
              { value: 'true', label: t`Enabled` },
              { value: 'false', label: t`Disabled` },
            ]}
            value={search.enabled ?? 'all'}
            onChange={(v) =>
              onSearch({
                ...search,
                enabled: v === 'true' || v === 'false' ? v : undefined,
                page: undefined,
              })
            }
            w={140}
            data-testid="user-status-filter"
          />
          <Switch
            label={t`Locked sign-in only`}
            checked={search.locked === 'true'}
            onChange={(e) =>
              onSearch({ ...search, locked: e.currentTarget.checked ? 'true' : undefined, page: undefined })
            }
            mb={6}
            data-testid="user-locked-filter"
          />
        </FilterBar>
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
                <UserCard key={u.id} user={u} canEdit={canEdit} onDialog={setDialog} />
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
      <UserFormModal dialog={dialog?.kind === 'edit' ? dialog : null} onClose={close} />
      <ResetPasswordModal user={dialog?.kind === 'reset' ? dialog.user : null} onClose={close} />
      <SessionsModal
        user={dialog?.kind === 'sessions' ? dialog.user : null}
        canEdit={canEdit && dialog?.kind === 'sessions' && dialog.user.mayManage}
        onClose={close}
      />
      <ToggleUserModal user={dialog?.kind === 'toggle' ? dialog.user : null} onClose={close} />
      <ScopeModal user={dialog?.kind === 'scope' ? dialog.user : null} onClose={close} />
    </>
  )
}

type UserOut = z.output<typeof userCreateInput> | z.output<typeof userUpdateInput>

function UserFormModal({
  dialog,
  onClose,
}: {
  dialog: { kind: 'edit'; user: UserView | null } | null
  onClose: () => void
}) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog?.user ? t`Edit user` : t`New user`}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {dialog ? <UserForm key={dialog.user?.id ?? 'new'} user={dialog.user} onDone={onClose} /> : null}
    </Modal>
  )
}

function UserForm({ user, onDone }: { user: UserView | null; onDone: () => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const roles = useQuery(rolesQuery())
  const common = {
    displayName: user?.displayName ?? '',
    displayNameEn: user?.displayNameEn ?? '',
    email: user?.email ?? '',
    enabled: user?.enabled ?? true,
    roleIds: user?.roleIds ?? [],
    privileges: user?.privileges ?? [],
  }
  const form = useForm({
    schema: (user ? userUpdateInput : userCreateInput) as z.ZodType<UserOut>,
    initialValues: (user ? common : { username: '', password: '', ...common }) as Record<string, unknown>,
  })
  const submit = form.onSubmit(async (data) => {
    const saved = user
      ? await updateUser(user.id, data as z.output<typeof userUpdateInput>)
      : await createUser(data as z.output<typeof userCreateInput>)
    showSuccess(t`User ${saved.name} saved`)
    await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    onDone()
  })
  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="user-form-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {user ? (
            <Text fz="sm" c="dimmed">
              <Trans>Sign-in name</Trans>: {user.username}
            </Text>
          ) : (
            <TextInput
              label={t`Sign-in name`}
              description={t`Letters, digits and . _ - ; fixed once saved`}
              required
              maxLength={64}
              {...form.getInputProps('username')}
              data-testid="user-username"
            />
          )}
          <TextInput
            label={t`Email`}
            type="email"
            maxLength={200}
            {...form.getInputProps('email')}
            data-testid="user-email"
          />
          <TextInput
            label={t`Name in Chinese`}
            required
            maxLength={100}
            {...form.getInputProps('displayName')}
            data-testid="user-displayName"
          />
          <TextInput
            label={t`Name in English`}
            description={t`Empty: the Chinese name is shown in English too`}
            maxLength={100}
            {...form.getInputProps('displayNameEn')}
            data-testid="user-displayNameEn"
          />
          {user ? null : (
            <TextInput
              label={t`Password`}
              description={t`At least 12 characters with letters and digits (a run of spaces counts as one)`}
              required
              type="password"
              autoComplete="new-password"
              maxLength={200}
              {...form.getInputProps('password')}
              data-testid="user-password"
            />
          )}
        </SimpleGrid>
        <MultiSelect
          label={t`Roles`}
          data={(roles.data ?? []).map((r) => ({
            value: r.id,
            disabled: !r.mayManage,
            label: `${lang === 'en' ? r.nameEn : r.nameZh}${r.enabled ? '' : lang === 'en' ? ' (disabled)' : '（已停用）'}`,
          }))}
          value={form.values.roleIds as string[]}
          onChange={(v) => form.setFieldValue('roleIds', v)}
          error={form.errors.roleIds}
          searchable
          data-testid="user-roles"
        />
        {user ? null : (
          <Switch
            label={t`Enabled`}
            checked={form.values.enabled as boolean}
            onChange={(e) => form.setFieldValue('enabled', e.currentTarget.checked)}
          />
        )}
        <Text fz="sm" fw={500}>
          <Trans>Own privileges, beyond the roles</Trans>
        </Text>
        <PrivilegeTree
          value={form.values.privileges as string[]}
          onChange={(next) => form.setFieldValue('privileges', next)}
          lang={lang}
          error={form.errors.privileges}
          testId="user-privileges"
        />
        {form.errors.enabled ? (
          <Text c="red" fz="sm" role="alert">
            {form.errors.enabled}
          </Text>
        ) : null}
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}

/** Reset after a confirmation; the generated password is shown once, with a copy button. */
function ResetPasswordModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useLingui()
  const reset = useMutation({
    mutationFn: (u: UserView) => resetPassword(u.id),
    meta: { silent: true },
  })
  const close = () => {
    reset.reset()
    onClose()
  }
  const name = user?.name ?? ''
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t`Reset the password of ${name}?`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="sm" data-testid="user-reset-dialog">
        {reset.data ? (
          <>
            <Text fz="sm">
              <Trans>
                The new password is shown only now. Hand it to {name} in person or by a safe channel; they can
                change it after signing in.
              </Trans>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code fz="md" data-testid="user-new-password" style={{ overflowWrap: 'anywhere' }}>
                {reset.data.password}
              </Code>
              <CopyButton value={reset.data.password}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} data-testid="user-copy-password">
                    {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text fz="xs" c="dimmed">
              <Plural
                value={reset.data.endedSessions}
                one="# session of theirs was ended."
                other="# sessions of theirs were ended."
              />
            </Text>
            <Group justify="flex-end">
              <Button onClick={close} data-testid="user-reset-done">
                <Trans>Done</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text fz="sm">
              <Trans>
                A new password is generated and their current one stops working; every session of theirs ends.
              </Trans>
            </Text>
            {reset.error ? (
              <Alert color="red">
                {isApiError(reset.error) ? reset.error.message : t`The change could not be saved.`}
              </Alert>
            ) : null}
            <ConfirmActions
              onCancel={close}
              onConfirm={() => user && reset.mutate(user)}
              pending={reset.isPending}
              label={<Trans>Reset password</Trans>}
              color="red"
              testId="user-reset-confirm"
            />
          </>
        )}
      </Stack>
    </Modal>
  )
}

function SessionsModal({
  user,
  canEdit,
  onClose,
}: {
  user: UserView | null
  canEdit: boolean
  onClose: () => void
}) {
  const { t } = useLingui()
  const name = user?.name ?? ''
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t`Sessions of ${name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {user ? <SessionList user={user} canEdit={canEdit} /> : null}
    </Modal>
  )
}

function SessionList({ user, canEdit }: { user: UserView; canEdit: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const sessions = useQuery(userSessionsQuery(user.id))
  const end = useMutation({
    mutationFn: (sessionId: string) => endSession(user.id, sessionId),
    onSuccess: async () => {
      showSuccess(t`The session was ended.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.sessions(user.id) })
    },
  })
  if (sessions.isPending) return <Loader size="sm" aria-label={t`Loading`} />
  if (sessions.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The sessions could not be loaded.</Trans>
      </Text>
    )
  if (sessions.data.length === 0)
    return (
      <Text fz="sm" data-testid="user-no-sessions">
        <Trans>No live sessions: this user is not signed in anywhere.</Trans>
      </Text>
    )
  return (
    <Stack gap="xs" data-testid="user-session-list">
      {sessions.data.map((s) => (
        <Card key={s.id} withBorder radius="md" padding="sm" data-session={s.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text fz="sm" fw={500}>
                <Trans>Signed in {formatDateTime(s.createdAt, lang)}</Trans>
                {s.current ? (
                  <Badge ml={6} size="xs" variant="light" radius="sm">
                    <Trans>This session</Trans>
                  </Badge>
                ) : null}
              </Text>
              <Text fz="xs" c="dimmed">
                <Trans>Last active {formatDateTime(s.lastSeenAt, lang)}</Trans>
                {s.clientIp ? ` · ${s.clientIp}` : ''}
              </Text>
              {s.userAgent ? (
                <Text fz="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                  {s.userAgent}
                </Text>
              ) : null}
            </Stack>
            {canEdit ? (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                loading={end.isPending && end.variables === s.id}
                onClick={() => end.mutate(s.id)}
                data-testid="session-end"
              >
                <Trans>End</Trans>
              </Button>
            ) : null}
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

function ToggleUserModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  return (
    <ToggleModal
      record={user}
      label={(u) => u.name}
      send={(u) => setUserEnabled(u.id, !u.enabled)}
      invalidate={adminKeys.all}
      testId="user-toggle"
      onClose={onClose}
      effect={(u) =>
        u.enabled ? (
          <Trans>They can no longer sign in, and their sessions end now. Their history stays.</Trans>
        ) : (
          <Trans>They can sign in again with their password.</Trans>
        )
      }
    />
  )
}

/**
 * A user's scope: the legal entities they are limited to, chosen by name (indented under their parents).
 * None: the whole collection. A manager limited to entities is offered only theirs and those under them; the
 * server's refusal shows at the field.
 */
function ScopeModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const { t } = useLingui()
  const name = user?.name ?? ''
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t`Collection scope of ${name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {user ? <ScopeForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  )
}

function ScopeForm({ user, onDone }: { user: UserView; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const choices = useQuery(scopeChoicesQuery())
  const form = useForm({
    schema: userScopeInput as z.ZodType<z.output<typeof userScopeInput>>,
    initialValues: { entityIds: user.entityIds } as Record<string, unknown>,
  })
  const submit = form.onSubmit(async (data) => {
    const { name } = await setUserScope(user.id, data.entityIds)
    showSuccess(t`Scope of ${name} saved`)
    await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    onDone()
  })
  // The entities already in the scope but not offered (outside the manager's own) still show by name.
  const offered = new Set((choices.data ?? []).map((c) => c.id))
  const data = [
    ...(choices.data ?? []).map((c) => ({
      value: c.id,
      label: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`,
    })),
    ...user.entityIds.flatMap((id, k) =>
      offered.has(id) ? [] : [{ value: id, label: user.entityNames[k] ?? '', disabled: true }],
    ),
  ]
  const fieldError = Object.entries(form.errors).find(([key]) => key.startsWith('entityIds'))?.[1]
  const chosen = form.values.entityIds as string[]
  return (
    <form onSubmit={submit} noValidate data-testid="user-scope-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="user-scope-error" />
        <Text fz="sm">
          <Trans>
            A user limited to legal entities sees only the works those entities, or entities under them, own
            today, in any share. With none chosen they see the whole collection.
          </Trans>
        </Text>
        <MultiSelect
          label={t`Legal entities`}
          placeholder={chosen.length ? undefined : t`The whole collection`}
          data={data}
          value={chosen}
          onChange={(v) => form.setFieldValue('entityIds', v)}
          error={fieldError}
          searchable
          clearable
          data-testid="user-scope-entities"
        />
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}
