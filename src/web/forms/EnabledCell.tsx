// Whether a record (a user, a role, a room) is in use, one way on every screen: a badge, and for who may
// change the record, Edit and Disable / Enable buttons (the latter opens a confirmation, ToggleModal), or on a
// card with a menu of actions, the Disable / Enable item. In a list row the buttons act on the record and do
// not open it. Test ids: `<testId>-edit`,
// `<testId>-disable` / `<testId>-enable`.
import { Trans } from '@lingui/react/macro'
import { Badge, Button, type ButtonProps, Group, Menu } from '@mantine/core'

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge variant="light" color="teal" radius="sm">
      <Trans>Enabled</Trans>
    </Badge>
  ) : (
    <Badge variant="light" color="gray" radius="sm">
      <Trans>Disabled</Trans>
    </Badge>
  )
}

export interface EnableActionsProps {
  enabled: boolean
  /** The prefix of the buttons' test ids (`room` → room-edit, room-disable, room-enable). */
  testId: string
  onEdit: () => void
  onToggle: () => void
  size?: ButtonProps['size']
}

/** Edit, then Disable (red) or Enable (teal). */
export function EnableActions({
  enabled,
  testId,
  onEdit,
  onToggle,
  size = 'compact-xs',
}: EnableActionsProps) {
  return (
    <>
      <Button size={size} variant="light" onClick={onEdit} data-testid={`${testId}-edit`}>
        <Trans>Edit</Trans>
      </Button>
      <Button
        size={size}
        variant="subtle"
        color={enabled ? 'red' : 'teal'}
        onClick={onToggle}
        data-testid={enabled ? `${testId}-disable` : `${testId}-enable`}
      >
        {enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
      </Button>
    </>
  )
}

/** A list row's status cell: the badge, and the buttons when `mayChange`; a click here does not open the row. */
export function EnabledCell({ mayChange, ...actions }: EnableActionsProps & { mayChange: boolean }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click only
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div onClick={(e) => e.stopPropagation()}>
      <Group gap={6} wrap="wrap">
        <EnabledBadge enabled={actions.enabled} />
        {mayChange ? <EnableActions {...actions} /> : null}
      </Group>
    </div>
  )
}

/** Disable (red) or Enable (teal) as an item of a record's menu of actions. */
export function EnableMenuItem({
  enabled,
  testId,
  onToggle,
}: Pick<EnableActionsProps, 'enabled' | 'testId' | 'onToggle'>) {
  return (
    <Menu.Item
      color={enabled ? 'red' : 'teal'}
      onClick={onToggle}
      data-testid={enabled ? `${testId}-disable` : `${testId}-enable`}
    >
      {enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
    </Menu.Item>
  )
}
