// One published item read in a drawer over the screen the reader is on (the message centre, the home page):
// readers without the dynamic-content screens reach their news this way; those who have them also get a
// link to the item's own page.
import { Trans, useLingui } from '@lingui/react/macro'
import { Drawer, Skeleton, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { holds } from '../../../shared/access'
import { contentItemQuery } from '../../api/queries/content'
import { useMe } from '../../session/use-session'
import { AnchorLink } from '../archive/router-links'
import { ContentArticle, DETAIL_PATH } from './content-parts'

export function ContentDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={t`News and notices`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {id ? <DrawerBody id={id} /> : null}
    </Drawer>
  )
}

function DrawerBody({ id }: { id: string }) {
  const me = useMe()
  const item = useQuery({ ...contentItemQuery(id), meta: { localized: true, silent: true } })
  if (item.isPending) return <Skeleton h={240} />
  if (item.isError)
    return (
      <Text c="dimmed" fz="sm" data-testid="content-unavailable">
        <Trans>This item is no longer available: it may have been withdrawn.</Trans>
      </Text>
    )
  return (
    <>
      <ContentArticle item={item.data} />
      {holds(me, 'dynamicManage:view') ? (
        <AnchorLink to={DETAIL_PATH[item.data.kind]} search={{ id }} fz="sm" mt="md" display="block">
          <Trans>Open its page</Trans>
        </AnchorLink>
      ) : null}
    </>
  )
}
