// Mantine's Anchor and Button as router links with TanStack Router's own typing (createLink): `to`,
// `params` and `search` are checked against the routes, which Mantine's `component={Link}` cannot do.
import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
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

const CreatedAnchorLink = createLink(MantineAnchor)
const CreatedButtonLink = createLink(MantineButtonAnchor)

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink preload="intent" {...props} />
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <CreatedButtonLink preload="intent" {...props} />
