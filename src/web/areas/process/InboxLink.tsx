// A task of the inbox (home page panel, message bell) as one click to its process view, opened from the
// inbox screen: a delegated task opens as the delegator sees it (`onBehalfOf`), so its buttons are theirs.
import { UnstyledButton, type UnstyledButtonProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'
import { forwardRef, type ReactNode } from 'react'
import type { InboxTask } from '../../../shared/contracts/tasks'
import { taskSearch } from '../inbox/task-words'

const Button = forwardRef<HTMLAnchorElement, UnstyledButtonProps & React.ComponentPropsWithoutRef<'a'>>(
  (props, ref) => <UnstyledButton component="a" ref={ref} {...props} />,
)
const ButtonLink = createLink(Button)

export function InboxLink({
  item,
  children,
  onClick,
}: {
  item: InboxTask
  children: ReactNode
  onClick?: () => void
}) {
  return (
    <ButtonLink
      to="/devOpsManage/inbox"
      search={taskSearch(item)}
      onClick={onClick}
      data-inbox-item={item.process.id}
      data-inbox-kind={item.kind}
      data-overdue={item.overdue ? 'true' : undefined}
      style={{ display: 'block', borderRadius: 6 }}
      className="vitrine-inbox-link"
    >
      {children}
    </ButtonLink>
  )
}
