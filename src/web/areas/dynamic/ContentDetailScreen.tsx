// /dynamicManage/detail, /detail/exhibition and /detail/message (`?id=`): one item. The two kind pages show
// an item of their kind and point to the other page for an item of the other kind; staff who write also get
// Edit. Without an id, or for an item the reader may not see, an honest note instead of the item.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Anchor, Card, Group, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { holds } from '../../../shared/access'
import type { ContentKind } from '../../../shared/contracts/content'
import { contentItemQuery } from '../../api/queries/content'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { ListEmpty } from '../process/list-parts'
import { ContentArticle, DETAIL_PATH, KIND_WORDS } from './content-parts'

export function ContentDetailScreen({ id, kind }: { id?: string; kind?: ContentKind }) {
  if (!id)
    return (
      <>
        <PageHeader />
        <ListEmpty
          title={<Trans>No item chosen</Trans>}
          description={<Trans>Choose an item from the news to read it here.</Trans>}
          testId="content-none"
          actions={
            <Anchor component={Link} to="/dynamicManage/index" fz="sm">
              <Trans>Back to the news</Trans>
            </Anchor>
          }
        />
      </>
    )
  return <Detail id={id} kind={kind} />
}

function Detail({ id, kind }: { id: string; kind?: ContentKind }) {
  const { i18n } = useLinguiCore()
  const me = useMe()
  const item = useQuery({ ...contentItemQuery(id), meta: { localized: true, silent: true } })
  if (item.isPending)
    return (
      <>
        <PageHeader />
        <Skeleton h={320} />
      </>
    )
  if (item.isError)
    return (
      <>
        <PageHeader />
        <ListEmpty
          title={<Trans>Not available</Trans>}
          description={
            <Trans>This item does not exist, was withdrawn, or is not meant for your roles.</Trans>
          }
          testId="content-unavailable"
          actions={
            <Anchor component={Link} to="/dynamicManage/index" fz="sm">
              <Trans>Back to the news</Trans>
            </Anchor>
          }
        />
      </>
    )
  const data = item.data
  const otherKind = kind && data.kind !== kind
  return (
    <>
      <PageHeader
        title={data.title}
        actions={
          holds(me, 'dynamicManage:edit') ? (
            <ButtonLink to="/dynamicManage/createMessage" search={{ id }} variant="light">
              <Trans>Edit</Trans>
            </ButtonLink>
          ) : null
        }
      />
      {otherKind ? (
        <Group mb="md">
          <Text fz="sm" c="dimmed">
            <Trans>This item is {i18n._(KIND_WORDS[data.kind])}.</Trans>
          </Text>
          <AnchorLink to={DETAIL_PATH[data.kind]} search={{ id }} fz="sm">
            <Trans>Open it on its own page</Trans>
          </AnchorLink>
        </Group>
      ) : null}
      <Card withBorder radius="md" padding="lg" maw={880}>
        <ContentArticle item={data} withTitle={false} />
      </Card>
    </>
  )
}
