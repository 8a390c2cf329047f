// Mantine's Anchor and Button as router links with TanStack Router's own typing (createLink): `to`,
// `params` and `search` are checked against the routes, which Mantine's `component={Link}` cannot do;
// and a button to a path known only as text.
import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  Card,
  type CardProps,
  UnstyledButton,
  type UnstyledButtonProps,
} from '@mantine/core'
import { createLink, type LinkComponent, useRouter } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, forwardRef } from 'react'

type AnchorElementProps = AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>
type ButtonElementProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorElementProps>((props, ref) => (
  <Anchor ref={ref} component="a" {...props} />
))
MantineAnchor.displayName = 'MantineAnchor'

const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonElementProps>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
))
MantineButtonAnchor.displayName = 'MantineButtonAnchor'

type CardElementProps = CardProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>
type UnstyledElementProps = UnstyledButtonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>

const MantineCardAnchor = forwardRef<HTMLAnchorElement, CardElementProps>((props, ref) => (
  <Card ref={ref} component="a" {...props} />
))
MantineCardAnchor.displayName = 'MantineCardAnchor'

const MantineUnstyledAnchor = forwardRef<HTMLAnchorElement, UnstyledElementProps>((props, ref) => (
  <UnstyledButton ref={ref} component="a" {...props} />
))
MantineUnstyledAnchor.displayName = 'MantineUnstyledAnchor'

const CreatedAnchorLink = createLink(MantineAnchor)
const CreatedButtonLink = createLink(MantineButtonAnchor)

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
)
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
)
/** A card that is a link (the process launcher's start points). */
export const CardLink: LinkComponent<typeof MantineCardAnchor> = createLink(MantineCardAnchor)
/** A link without a look of its own (a row of a list that opens something). */
export const UnstyledLink: LinkComponent<typeof MantineUnstyledAnchor> = createLink(MantineUnstyledAnchor)

/**
 * A button to a path known only as text (a process type's start screen), with its query: navigated in the
 * app like any link, opened in a new tab with the usual modifier keys.
 */
export function HrefButton({
  href,
  ...props
}: ButtonProps & { href: string; children: React.ReactNode; 'data-testid'?: string }) {
  const router = useRouter()
  return (
    <Button
      component="a"
      href={href}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        void router.navigate({ href })
      }}
      {...props}
    />
  )
}
