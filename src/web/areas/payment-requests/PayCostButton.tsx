// "Pay this cost": an operation's cost offered by its process view's links (the machines' followUps with a
// cost, decided by the server) starts its FINANCE_PAYMENT in one click, prefilled, and opens it.
import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { ProcessLinks, ProcessView } from '../../../shared/contracts/process'
import { moneyText } from '../../../shared/money-text'
import { processKeys, startProcess } from '../../api/queries/process'
import { showSuccess } from '../../forms/notify'
import { definitionFor, stepLabel, useLang } from '../process/machine-words'
import { startKey } from '../process-start/StartProcess'

type Offer = ProcessLinks['mayStart'][number]

export function PayCostButton({ view, offer }: { view: ProcessView; offer: Offer }) {
  const { t } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [nonce] = useState(() => Math.random().toString(36).slice(2, 10))
  const step = typeof offer.input.forStep === 'string' ? offer.input.forStep : null
  const prefill = (offer.input.prefill ?? {}) as Record<string, unknown>
  const amount = typeof prefill.amount === 'string' ? prefill.amount : ''
  const currency = typeof prefill.currency === 'string' ? prefill.currency : ''
  const what = stepLabel(definitionFor(view.type, view.definitionVersion), step, lang)
  const cost = amount ? moneyText(amount, currency) : ''

  // A mutation, so that a refusal is shown (the query client's one error handler words it).
  const start = useMutation({
    mutationFn: () => {
      const body = { type: 'FINANCE_PAYMENT' as const, input: offer.input }
      return startProcess({ ...body, idempotencyKey: startKey(body.type, nonce, body) })
    },
    onSuccess: async (started) => {
      queryClient.setQueryData(processKeys.detail(started.id), started)
      void queryClient.invalidateQueries({ queryKey: processKeys.lists() })
      // The operation's links: its cost is now being paid.
      void queryClient.invalidateQueries({ queryKey: processKeys.detail(view.id) })
      showSuccess(t`The payment request is started.`)
      await navigate({ to: '/devOpsManage/index', search: { process: started.id } })
    },
  })

  return (
    <Button
      size="compact-sm"
      variant="light"
      color="ink"
      loading={start.isPending}
      onClick={() => start.mutate()}
      data-testid="pay-cost"
      data-step={step ?? ''}
    >
      {t`Pay this cost: ${what} ${cost}`}
    </Button>
  )
}
