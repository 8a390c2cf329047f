// Add one valuation to one or several artworks, in a modal (full screen on a phone): the amount (the same for
// every artwork, or each its own), its currency, the date, the method, the valuer, a note and report PDFs.
// The shared schema checks what the server checks (a negative or malformed amount, a date after today); what
// only the server knows — an unknown currency, a sold or missing artwork without a note, a report that is
// not a PDF — comes back worded at its field.
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type ArtworkValuationRow,
  VALUATION_METHODS,
  type ValuationMethod,
  valuationCreate,
} from '../../../shared/contracts/valuations'
import { artworkKeys } from '../../api/queries/artworks'
import { invalidateRateFigures } from '../../api/queries/rate-figures'
import { addValuation, valuationKeys } from '../../api/queries/valuations'
import { DateField } from '../../forms/DateField'
import { FileUpload } from '../../forms/FileUpload'
import { FormRefusal } from '../../forms/FormRefusal'
import { MoneyInput } from '../../forms/MoneyInput'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { officeToday } from '../../i18n/office-zone'
import { artworkTitle } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { useDictOptions } from '../process/reference-options'
import { useMethodWords } from './words'

/** Empty amounts are absent, so "the same amount" and "each its own" read as the API expects. */
const formSchema = z
  .preprocess((raw) => {
    const v = raw as Record<string, unknown> & { items: { artworkId: string; amount?: string }[] }
    return {
      ...v,
      amount: v.amount === '' ? undefined : v.amount,
      items: v.items.map((i) => (i.amount === undefined || i.amount === '' ? { artworkId: i.artworkId } : i)),
    }
  }, valuationCreate)
  .superRefine((v, ctx) => {
    if (v.valuedOn > officeToday())
      ctx.addIssue({ code: 'custom', path: ['valuedOn'], message: 'valuationInFuture' })
  })

interface Values {
  items: { artworkId: string; amount?: string }[]
  amount: string
  currency: string
  valuedOn: string
  method: ValuationMethod | ''
  valuer: string
  note: string
  reportFileIds: string[]
  [key: string]: unknown
}

export function AddValuationModal({
  artworks,
  onClose,
  onSaved,
}: {
  /** The artworks to value; null: closed. */
  artworks: ArtworkValuationRow[] | null
  onClose: () => void
  onSaved?: () => void
}) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal
      opened={artworks !== null}
      onClose={onClose}
      title={t`Add a valuation`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {artworks ? (
        <AddValuationForm
          artworks={artworks}
          onDone={() => {
            onSaved?.()
            onClose()
          }}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  )
}

function AddValuationForm({
  artworks,
  onDone,
  onCancel,
}: {
  artworks: ArtworkValuationRow[]
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const currencies = useDictOptions('CURRENCY')
  const methodWord = useMethodWords()
  const form = useForm({
    schema: formSchema,
    initialValues: {
      items: artworks.map((a) => ({ artworkId: a.artworkId })),
      amount: '',
      currency: artworks[0]?.latestValuationCurrency ?? 'CNY',
      valuedOn: officeToday(),
      method: '',
      valuer: '',
      note: '',
      reportFileIds: [],
    } as Values,
  })
  const values = form.values as Values
  const each = values.items.some((i) => i.amount !== undefined)
  const submit = form.onSubmit(async (data) => {
    const saved = await addValuation(data)
    const n = saved.list.length
    showSuccess(
      saved.becameLatest.length === n
        ? t`Valuation saved for ${n} artworks; it is now their latest`
        : t`Valuation saved for ${n} artworks`,
    )
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: valuationKeys.all }),
      queryClient.invalidateQueries({ queryKey: artworkKeys.all }),
      invalidateRateFigures(queryClient),
    ])
    onDone()
  })
  const soldOrMissing = artworks.filter((a) => a.status === 'sold' || a.status === 'missing')
  const error = (path: string) => form.errors[path] as string | undefined
  return (
    <form onSubmit={submit} noValidate data-testid="valuation-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        <Text fz="sm" c="dimmed">
          {artworks.length === 1 ? (
            <Trans>
              Artwork: {artworkTitle(artworks[0], lang)} ({artworks[0].inventoryNo})
            </Trans>
          ) : (
            <Trans>{artworks.length} artworks selected</Trans>
          )}
        </Text>
        {artworks.length > 1 ? (
          <Switch
            label={t`Each artwork its own amount`}
            checked={each}
            onChange={(e) =>
              form.setFieldValue(
                'items',
                values.items.map((i) =>
                  e.currentTarget.checked
                    ? { artworkId: i.artworkId, amount: '' }
                    : { artworkId: i.artworkId },
                ),
              )
            }
            data-testid="valuation-each"
          />
        ) : null}
        {each ? (
          <Stack gap={6}>
            {artworks.map((a, i) => (
              <MoneyInput
                key={a.artworkId}
                label={`${artworkTitle(a, lang)} (${a.inventoryNo})`}
                required
                value={values.items[i]?.amount ?? ''}
                onChange={(v) => form.setFieldValue(`items.${i}.amount`, v)}
                error={error(`items.${i}.amount`) ?? error(`items.${i}.artworkId`)}
                data-testid="valuation-item-amount"
              />
            ))}
          </Stack>
        ) : (
          <>
            <MoneyInput
              label={artworks.length > 1 ? t`Amount (each artwork)` : t`Amount`}
              required
              value={values.amount}
              onChange={(v) => form.setFieldValue('amount', v)}
              error={error('amount')}
              data-testid="valuation-amount"
            />
            {values.items.map((item, i) =>
              error(`items.${i}.artworkId`) ? (
                <Text key={item.artworkId} c="red" fz="sm">
                  {artworks[i] ? `${artworks[i].inventoryNo}: ` : ''}
                  {error(`items.${i}.artworkId`)}
                </Text>
              ) : null,
            )}
          </>
        )}
        {error('artworkId') ? (
          <Text c="red" fz="sm">
            {error('artworkId')}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Currency`}
            required
            data={currencies}
            searchable
            allowDeselect={false}
            {...form.getInputProps('currency')}
            data-testid="valuation-currency"
          />
          <DateField
            label={t`Valued on`}
            required
            upToToday
            value={values.valuedOn}
            onChange={(v) => form.setFieldValue('valuedOn', v)}
            error={error('valuedOn')}
            data-testid="valuation-date"
          />
          <Select
            label={t`Method`}
            required
            data={VALUATION_METHODS.map((m) => ({ value: m, label: methodWord(m) }))}
            allowDeselect={false}
            {...form.getInputProps('method')}
            data-testid="valuation-method"
          />
          <TextInput
            label={t`Valuer`}
            description={t`The appraiser, auction house or insurer`}
            required
            maxLength={100}
            {...form.getInputProps('valuer')}
            data-testid="valuation-valuer"
          />
        </SimpleGrid>
        <Textarea
          label={t`Note`}
          description={
            soldOrMissing.length > 0
              ? t`Required: ${soldOrMissing.map((a) => a.inventoryNo).join(', ')} is sold or missing`
              : undefined
          }
          required={soldOrMissing.length > 0}
          maxLength={500}
          autosize
          minRows={2}
          {...form.getInputProps('note')}
          data-testid="valuation-note"
        />
        <FileUpload
          purpose="pdf"
          label={t`Valuation report (PDF)`}
          value={values.reportFileIds}
          onChange={(ids) => form.setFieldValue('reportFileIds', ids)}
          max={10}
          uploads={form.uploads}
          error={error('reportFileIds') ?? error('reportFileIds.0') ?? error('reportFileIds.1')}
          data-field="reportFileIds"
          data-testid="valuation-report"
        />
        <FormFooter form={form} onCancel={onCancel} />
      </Stack>
    </form>
  )
}
