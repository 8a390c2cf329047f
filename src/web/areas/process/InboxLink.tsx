// An item of the approver's inbox (home page panels, message bell) as one click to its process view, with a
// line saying what it is: the process type, what it is about, and the step waiting.
import { UnstyledButton, type UnstyledButtonProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'
import { forwardRef, type ReactNode } from 'react'
import type { InboxView } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import { definitionFor, stepLabel, typeLabel } from './machine-words'
import { subjectOf } from './process-subject'

type InboxItem = InboxView['list'][number]

/** `采购 · 山水图 · 尽调报告` / `Purchase · Landscape · Due-diligence report`. */
export function inboxTitle(item: InboxItem, lang: Lang): string {
  const p = item.process
  const subject = subjectOf(p, lang)[0]?.title
  const step = stepLabel(definitionFor(p.type, p.definitionVersion), p.currentStep, lang)
  return [typeLabel(p.type, lang), subject, step].filter(Boolean).join(' · ')
}

const Button = forwardRef<HTMLAnchorElement, UnstyledButtonProps & React.ComponentPropsWithoutRef<'a'>>(
  (props, ref) => <UnstyledButton component="a" ref={ref} {...props} />,
)
const ButtonLink = createLink(Button)

export function InboxLink({
  item,
  children,
  onClick,
}: {
  item: InboxItem
  children: ReactNode
  onClick?: () => void
}) {
  return (
    <ButtonLink
      to="/devOpsManage/index"
      search={{ process: item.process.id }}
      onClick={onClick}
      data-inbox-item={item.process.id}
      data-inbox-kind={item.kind}
      style={{ display: 'block', borderRadius: 6 }}
      className="vitrine-inbox-link"
    >
      {children}
    </ButtonLink>
  )
}
