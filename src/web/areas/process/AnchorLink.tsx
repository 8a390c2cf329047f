// Mantine's Anchor as a typed router link (paths and search parameters checked against the routes).
import { Anchor, type AnchorProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'
import { forwardRef } from 'react'

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & React.ComponentPropsWithoutRef<'a'>>(
  (props, ref) => <Anchor ref={ref} {...props} />,
)

export const AnchorLink = createLink(MantineAnchor)
