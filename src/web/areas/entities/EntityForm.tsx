// Create or edit a legal entity in a modal: the fields are ENTITY_FIELDS, checked by the shared schema as the
// server checks them; what only the server knows (a cycle in the tree, an unknown parent) comes back worded
// at its field. The parent offers every entity but the one edited and those under it.
import { useLingui } from '@lingui/react/macro'
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type EntityInput,
  type EntityNode,
  entityInput,
  LEGAL_ENTITY_KINDS,
} from '../../../shared/contracts/ownership'
import { createEntity, entitiesQuery, ownershipKeys, updateEntity } from '../../api/queries/ownership'
import { countriesQuery } from '../../api/queries/reference'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { type FormApi, useForm } from '../../forms/use-form'
import { useLang } from '../process/machine-words'
import { ENTITY_FIELDS, type EntityField } from './entity-fields'
import { ENTITY_KIND_WORDS, entityName, flattenEntities, subtreeOf } from './entity-words'

interface Values {
  nameZh: string
  nameEn: string
  kind: string
  jurisdiction: string
  parentId: string | null
}

export function EntityFormModal({
  opened,
  entity,
  parentId,
  onClose,
}: {
  opened: boolean
  /** The entity to edit; null creates one. */
  entity: EntityNode | null
  /** The parent a new entity starts under. */
  parentId?: string | null
  onClose: () => void
}) {
  const { t } = useLingui()
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entity ? t`Edit legal entity` : t`New legal entity`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {opened ? (
        <EntityForm key={entity?.id ?? 'new'} entity={entity} parentId={parentId} onDone={onClose} />
      ) : null}
    </Modal>
  )
}

function EntityForm({
  entity,
  parentId,
  onDone,
}: {
  entity: EntityNode | null
  parentId?: string | null
  onDone: () => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const form = useForm<Values, EntityInput>({
    schema: entityInput,
    initialValues: {
      nameZh: entity?.nameZh ?? '',
      nameEn: entity?.nameEn ?? '',
      kind: entity?.kind ?? 'company',
      jurisdiction: entity?.jurisdiction ?? '',
      parentId: entity ? entity.parentId : (parentId ?? null),
    },
  })
  const submit = form.onSubmit(async (data) => {
    const saved = entity ? await updateEntity(entity.id, data) : await createEntity(data)
    showSuccess(t`Legal entity ${entityName(saved, lang)} saved`)
    await queryClient.invalidateQueries({ queryKey: ownershipKeys.entities })
    onDone()
  })
  return (
    <form onSubmit={submit} noValidate data-testid="entity-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="entity-form-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ENTITY_FIELDS.map((field) => (
            <EntityFieldInput key={field.key} field={field} form={form} entity={entity} />
          ))}
        </SimpleGrid>
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}

function EntityFieldInput({
  field,
  form,
  entity,
}: {
  field: EntityField
  form: FormApi<Values, EntityInput>
  entity: EntityNode | null
}) {
  const { i18n } = useLingui()
  const lang = useLang()
  const countries = useQuery({ ...countriesQuery(), enabled: field.kind === 'country' })
  const entities = useQuery({ ...entitiesQuery(), enabled: field.kind === 'parent' })
  const common = {
    label: i18n._(field.label),
    required: field.required,
    error: form.errors[field.key],
    'data-testid': `entity-${field.key}`,
  }
  const select = (data: { value: string; label: string }[], clearable = false) => (
    <Select
      {...common}
      searchable
      clearable={clearable}
      allowDeselect={clearable}
      data={data}
      value={(form.values[field.key] as string | null) || null}
      onChange={(v) => form.setFieldValue(field.key, clearable ? v : (v ?? ''))}
    />
  )
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} maxLength={field.maxLength} {...form.getInputProps(field.key)} />
    case 'kind':
      return select(LEGAL_ENTITY_KINDS.map((k) => ({ value: k, label: i18n._(ENTITY_KIND_WORDS[k]) })))
    case 'country':
      return select((countries.data ?? []).map((c) => ({ value: c.value, label: c.label })))
    case 'parent': {
      const excluded = new Set(entity ? subtreeOf(entity) : [])
      const choices = flattenEntities(entities.data ?? [])
        .filter(({ node }) => !excluded.has(node.id))
        .map(({ node, depth }) => ({
          value: node.id,
          label: `${'— '.repeat(depth)}${entityName(node, lang)}`,
        }))
      return select(choices, true)
    }
  }
}
