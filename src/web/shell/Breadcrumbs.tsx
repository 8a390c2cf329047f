// Where the screen sits in the menu: Home › area › screen, each level but the last a link.

import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core'
import { Link, useMatches } from '@tanstack/react-router'
import { titleText } from './route-meta'
import { useCrumbs } from './use-route-title'

export function Breadcrumbs() {
  const { i18n } = useLingui()
  const crumbs = useCrumbs()
  const last = crumbs.length - 1
  // The path of the screen shown (data-path): it equals the address once a navigation has arrived.
  const path = useMatches({ select: (matches) => matches[matches.length - 1]?.pathname })
  return (
    <MantineBreadcrumbs
      separator="›"
      separatorMargin={6}
      mb="sm"
      fz="sm"
      data-testid="breadcrumbs"
      data-path={path}
    >
      <Anchor component={Link} to="/" c="dimmed" fz="sm">
        <Trans>Home</Trans>
      </Anchor>
      {crumbs.map((crumb, i) =>
        i === last ? (
          <Text key={crumb.id} fz="sm" c="dark.6" fw={500}>
            {titleText(i18n, crumb.title)}
          </Text>
        ) : (
          <Anchor
            key={crumb.id}
            component={Link}
            to={crumb.to}
            search={crumb.keepsSearch ? true : undefined}
            c="dimmed"
            fz="sm"
          >
            {titleText(i18n, crumb.title)}
          </Anchor>
        ),
      )}
    </MantineBreadcrumbs>
  )
}
