// /devOpsManage/initiateBuy: start a purchase (BUY_ART). The artworks to buy are described (title, artist)
// or chosen from the archive; the seller, the asking price and its currency are entered here and kept as
// the due-diligence report's draft, which opens next, in one idempotent call (POST /api/process with the
// draft). The start input is checked with the machine's own input schema, the seller and price with the
// report's own fields, as the server checks them.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Card, CloseButton, Grid, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { z } from 'zod'
import { latest } from '../../../../machines/registry'
import { dueDiligenceStep } from '../../../shared/process-steps/purchase'
import { artistsQuery } from '../../api/queries/artworks'
import { entitiesQuery } from '../../api/queries/ownership'
import { processKeys, startProcess } from '../../api/queries/process'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { IconPlus } from '../../shell/icons'
import { PageHeader } from '../../shell/PageHeader'
import { entityName, flattenEntities } from '../entities/entity-words'
import { ArtworkMultiPicker } from '../process/ArtworkPicker'
import { GuardedMoney, GuardedText, GuardedTextArea } from '../process/GuardedInputs'
import { useLang } from '../process/machine-words'
import { useCountryOptions, useDictOptions } from '../process/reference-options'
import { startKey } from '../process-start/StartProcess'

interface Candidate {
  titleZh: string
  titleEn: string
  artistId: string
  note: string
}

interface StartValues {
  artworks: Candidate[]
  artworkIds: string[]
  seller: string
  sellerCountry: string
  price: string
  currency: string
  note: string
  buyerEntityId: string
}

const emptyCandidate = (): Candidate => ({ titleZh: '', titleEn: '', artistId: '', note: '' })
const emptyStart = (): StartValues => ({
  artworks: [emptyCandidate()],
  artworkIds: [],
  seller: '',
  sellerCountry: '',
  price: '',
  currency: '',
  note: '',
  buyerEntityId: '',
})

/** The BUY_ART start input and the report's first fields, from the form's values. */
export function splitStart(v: StartValues) {
  const artworks = v.artworks
    .filter((c) => c.titleZh.trim() || c.titleEn.trim() || c.note.trim() || c.artistId)
    .map((c) => ({
      titleZh: c.titleZh,
      ...(c.titleEn.trim() ? { titleEn: c.titleEn } : {}),
      ...(c.artistId ? { artistId: c.artistId } : {}),
      ...(c.note.trim() ? { note: c.note } : {}),
    }))
  const input = {
    artworks,
    artworkIds: v.artworkIds,
    ...(v.note.trim() ? { note: v.note } : {}),
    ...(v.buyerEntityId ? { buyerEntityId: v.buyerEntityId } : {}),
  }
  const draft = {
    seller: v.seller,
    ...(v.sellerCountry ? { sellerCountry: v.sellerCountry } : {}),
    ...(v.price ? { price: v.price } : {}),
    ...(v.currency ? { currency: v.currency } : {}),
  }
  return { input, draft }
}

const draftFields = dueDiligenceStep.pick({ seller: true, sellerCountry: true, price: true, currency: true })

/** Each part checked by the schema the server uses for it; issues keep their own codes and paths. */
export const startSchema = z
  .custom<StartValues>()
  .transform((v) => splitStart(v))
  .superRefine((parts, ctx) => {
    const input = latest('BUY_ART').input.safeParse(parts.input)
    if (!input.success) for (const issue of input.error.issues) ctx.addIssue({ ...issue })
    const draft = draftFields.safeParse(parts.draft)
    if (!draft.success) for (const issue of draft.error.issues) ctx.addIssue({ ...issue })
  })

/** The legal entity that buys: it owns the artworks wholly once the purchase completes. */
function BuyerSelect({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (id: string) => void
  error?: string
}) {
  const { t } = useLingui()
  const lang = useLang()
  const entities = useQuery(entitiesQuery())
  return (
    <Select
      label={t`Buying entity`}
      description={t`Owns the artworks once the purchase completes`}
      searchable
      clearable
      data={flattenEntities(entities.data ?? []).map(({ node, depth }) => ({
        value: node.id,
        label: `${'— '.repeat(depth)}${entityName(node, lang)}`,
      }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      data-field="buyerEntityId"
      data-testid="buyer-entity"
    />
  )
}

function ArtistSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const [keyword, setKeyword] = useState('')
  const [debounced] = useDebouncedValue(keyword, 250)
  const artists = useQuery(artistsQuery(debounced))
  const data = (artists.data?.list ?? []).map((a) => ({
    value: a.id,
    label: lang === 'en' ? a.nameEn || a.nameZh : a.nameZh || a.nameEn,
  }))
  return (
    <Select
      aria-label={t`Artist`}
      placeholder={t`Artist (optional)`}
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={keyword}
      onSearchChange={setKeyword}
      onChange={(v) => onChange(v ?? '')}
      filter={({ options }) => options}
    />
  )
}

export function InitiateBuyScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const currencies = useDictOptions('CURRENCY')
  // One key per screen and request: a double click (or a retry after a lost reply) starts one purchase.
  const [nonce] = useState(() => Math.random().toString(36).slice(2, 10))
  const countries = useCountryOptions()
  const form = useForm({
    schema: startSchema,
    initialValues: emptyStart(),
  })
  const values = form.values
  const setCandidates = (next: Candidate[]) => form.setFieldValue('artworks', next)
  const err = form.errors

  return (
    <>
      <PageHeader
        description={
          <Trans>
            Describe the artworks to buy, or choose them from the archive, and who sells them at what price.
            The due-diligence report opens next; the contract and the payment follow its approval.
          </Trans>
        }
      />
      <form
        noValidate
        data-testid="initiate-buy"
        onSubmit={form.onSubmit(async ({ input, draft }) => {
          // One call: the purchase and the report's draft in one transaction; a repeat is the same start.
          const view = await startProcess({
            type: 'BUY_ART',
            input,
            draft,
            idempotencyKey: startKey('BUY_ART', nonce, { input, draft }),
          })
          queryClient.setQueryData(processKeys.detail(view.id), view)
          void queryClient.invalidateQueries({ queryKey: processKeys.lists() })
          showSuccess(t`The purchase is started: fill in the due-diligence report.`)
          await navigate({ to: '/devOpsManage/dueDiligence', search: { process: view.id } })
        })}
      >
        <Stack gap="md">
          <FormRefusal form={form} testId="start-refusal" />
          <Card withBorder radius="md" padding="lg">
            <Title order={3} fz={16} mb={4}>
              <Trans>What is to be bought</Trans>
            </Title>
            <Text fz="sm" c="dimmed" mb="md">
              <Trans>An artwork not yet in the archive becomes a record when the payment is confirmed.</Trans>
            </Text>
            <Table verticalSpacing={6} data-field="artworks" data-kind="candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="26%">
                    <Trans>Title (Chinese)</Trans>{' '}
                    <Text span c="red.6">
                      *
                    </Text>
                  </Table.Th>
                  <Table.Th w="26%">
                    <Trans>Title (English)</Trans>
                  </Table.Th>
                  <Table.Th w="22%">
                    <Trans>Artist</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Note</Trans>
                  </Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.artworks.map((c, i) => {
                  const set = (patch: Partial<Candidate>) =>
                    setCandidates(values.artworks.map((x, j) => (j === i ? { ...x, ...patch } : x)))
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are saved
                    <Table.Tr key={i} data-candidate={i}>
                      <Table.Td>
                        <GuardedText
                          aria-label={t`Title (Chinese)`}
                          maxLength={200}
                          value={c.titleZh}
                          onChange={(v) => set({ titleZh: v })}
                          error={err[`artworks.${i}.titleZh`]}
                          data-field={`artworks.${i}.titleZh`}
                          data-kind="text"
                        />
                      </Table.Td>
                      <Table.Td>
                        <GuardedText
                          aria-label={t`Title (English)`}
                          maxLength={200}
                          value={c.titleEn}
                          onChange={(v) => set({ titleEn: v })}
                          error={err[`artworks.${i}.titleEn`]}
                          data-field={`artworks.${i}.titleEn`}
                          data-kind="text"
                        />
                      </Table.Td>
                      <Table.Td>
                        <ArtistSelect value={c.artistId} onChange={(id) => set({ artistId: id })} />
                      </Table.Td>
                      <Table.Td>
                        <GuardedText
                          aria-label={t`Note`}
                          maxLength={1000}
                          value={c.note}
                          onChange={(v) => set({ note: v })}
                          error={err[`artworks.${i}.note`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <CloseButton
                          aria-label={t`Remove this artwork`}
                          disabled={values.artworks.length === 1}
                          onClick={() => setCandidates(values.artworks.filter((_, j) => j !== i))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
            {err.artworks ? (
              <Text c="red.7" fz="sm" mt={4} data-testid="artworks-error">
                {err.artworks}
              </Text>
            ) : null}
            <Group mt="xs">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => setCandidates([...values.artworks, emptyCandidate()])}
              >
                <Trans>Add another artwork</Trans>
              </Button>
            </Group>
            <Stack mt="md">
              <ArtworkMultiPicker
                label={t`Or choose artworks already in the archive`}
                value={values.artworkIds}
                onChange={(ids) => form.setFieldValue('artworkIds', ids)}
                error={err.artworkIds}
              />
              <BuyerSelect
                value={values.buyerEntityId}
                onChange={(id) => form.setFieldValue('buyerEntityId', id)}
                error={err.buyerEntityId}
              />
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Title order={3} fz={16} mb="md">
              <Trans>Seller and price</Trans>
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <GuardedText
                  label={t`Seller`}
                  withAsterisk
                  maxLength={200}
                  {...form.getInputProps('seller')}
                  onChange={(v) => form.setFieldValue('seller', v)}
                  data-field="seller"
                  data-kind="text"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t`Seller's country or region`}
                  searchable
                  clearable
                  data={countries}
                  value={values.sellerCountry || null}
                  onChange={(v) => form.setFieldValue('sellerCountry', v ?? '')}
                  error={err.sellerCountry}
                  data-field="sellerCountry"
                  data-kind="country"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <GuardedMoney
                  label={t`Asking price`}
                  withAsterisk
                  value={values.price}
                  onChange={(v) => form.setFieldValue('price', v)}
                  error={err.price}
                  data-field="price"
                  data-kind="money"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t`Currency`}
                  withAsterisk
                  searchable
                  data={currencies}
                  value={values.currency || null}
                  onChange={(v) => form.setFieldValue('currency', v ?? '')}
                  error={err.currency}
                  data-field="currency"
                  data-kind="dict"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <GuardedTextArea
                  label={t`Note`}
                  maxLength={2000}
                  minRows={2}
                  value={values.note}
                  onChange={(v) => form.setFieldValue('note', v)}
                  error={err.note}
                  data-field="note"
                  data-kind="textarea"
                />
              </Grid.Col>
            </Grid>
          </Card>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/devOpsManage/index">
              <Trans>Cancel</Trans>
            </Button>
            <SubmitButton form={form}>
              <Trans>Start the purchase</Trans>
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </>
  )
}
