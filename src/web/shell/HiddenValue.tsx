// A value the signed-in user may not see (they lack valueManage:values): the server leaves it out (null) and
// the screen says so in words, never a blank or a zero that would read as an amount.
import { Trans } from '@lingui/react/macro'
import { Text, Tooltip } from '@mantine/core'
import { moneyText } from '../../shared/money-text'

export function HiddenValue() {
  return (
    <Tooltip label={<Trans>You may not see values</Trans>}>
      <Text span fz="inherit" c="dimmed" data-testid="value-hidden">
        <Trans context="value not shown">Hidden</Trans>
      </Text>
    </Tooltip>
  )
}

/** An amount with its currency, or "Hidden" when the server left it out for this user. */
export function AmountText({ amount, currency }: { amount: string | null; currency?: string | null }) {
  return amount === null ? <HiddenValue /> : moneyText(amount, currency)
}
