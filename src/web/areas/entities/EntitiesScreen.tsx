// /authManage/entities: the family office's legal entities as a tree — each with its kind and jurisdiction,
// those under it indented below — created and edited (a modal) by whoever holds authManage:entities. A new
// entity can be started under any entity of the tree.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import type { EntityNode } from '../../../shared/contracts/ownership'
import { entitiesQuery } from '../../api/queries/ownership'
import { countriesQuery } from '../../api/queries/reference'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'
import { EntityFormModal } from './EntityForm'
import { ENTITY_KIND_WORDS, entityName } from './entity-words'

type Editing = { entity: EntityNode | null; parentId: string | null } | null

export function EntitiesScreen() {
  const me = useMe()
  const mayEdit = holds(me, 'authManage:entities')
  const entities = useQuery(entitiesQuery())
  const [editing, setEditing] = useState<Editing>(null)
  return (
    <>
      <PageHeader
        description={
          <Trans>
            The companies, trusts, foundations, funds and family members that own the collection, each under
            the entity that holds it.
          </Trans>
        }
        actions={
          mayEdit ? (
            <Button onClick={() => setEditing({ entity: null, parentId: null })} data-testid="entity-new">
              <Trans>New legal entity</Trans>
            </Button>
          ) : null
        }
      />
      {entities.isPending ? (
        <Skeleton h={160} />
      ) : entities.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The legal entities could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : entities.data.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="entity-empty">
          <Trans>No legal entity yet. Create the first with “New legal entity”.</Trans>
        </Text>
      ) : (
        <Card withBorder radius="md" padding="md" data-testid="entity-tree">
          <Stack gap={4}>
            {entities.data.map((node) => (
              <EntityBranch key={node.id} node={node} depth={0} mayEdit={mayEdit} onEdit={setEditing} />
            ))}
          </Stack>
        </Card>
      )}
      <EntityFormModal
        opened={editing !== null}
        entity={editing?.entity ?? null}
        parentId={editing?.parentId ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  )
}

function EntityBranch({
  node,
  depth,
  mayEdit,
  onEdit,
}: {
  node: EntityNode
  depth: number
  mayEdit: boolean
  onEdit: (editing: Editing) => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const countries = useQuery(countriesQuery())
  const country = countries.data?.find((c) => c.value === node.jurisdiction)?.label ?? ''
  return (
    <>
      <Group
        justify="space-between"
        wrap="nowrap"
        pl={depth * 24}
        py={4}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        data-testid="entity-row"
      >
        <Group gap="xs" wrap="nowrap">
          <Text fw={depth === 0 ? 600 : 500}>{entityName(node, lang)}</Text>
          <Badge variant="light" color="gray" radius="sm">
            {i18n._(ENTITY_KIND_WORDS[node.kind])}
          </Badge>
          <Text fz="sm" c="dimmed">
            {country}
          </Text>
        </Group>
        {mayEdit ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onEdit({ entity: null, parentId: node.id })}
              aria-label={t`New entity under ${entityName(node, lang)}`}
              data-testid="entity-add-child"
            >
              <Trans>Add under</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onEdit({ entity: node, parentId: node.parentId })}
              data-testid="entity-edit"
            >
              <Trans>Edit</Trans>
            </Button>
          </Group>
        ) : null}
      </Group>
      {node.children.map((child) => (
        <EntityBranch key={child.id} node={child} depth={depth + 1} mayEdit={mayEdit} onEdit={onEdit} />
      ))}
    </>
  )
}
