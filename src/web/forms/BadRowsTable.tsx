// The rows a sheet import refused (archive, valuations, exchange rates), each with its column and the reason in
// words: the same table wherever a whole sheet is checked before anything is written.
import { Trans } from '@lingui/react/macro'
import { ScrollArea, Table } from '@mantine/core'

export interface BadRow {
  /** The sheet's name, for workbooks of several sheets (a column of its own when any row has one). */
  sheet?: string
  row: number
  /** The column in words; empty when the whole row is wrong. */
  column: string
  reason: string
}

export function BadRowsTable({
  rows,
  testId,
  rowTestId,
}: {
  rows: BadRow[]
  testId?: string
  rowTestId?: string
}) {
  const withSheet = rows.some((r) => r.sheet !== undefined)
  return (
    <ScrollArea.Autosize mah={300} type="auto">
      <Table striped withTableBorder fz="sm" stickyHeader data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {withSheet ? (
              <Table.Th>
                <Trans>Sheet</Trans>
              </Table.Th>
            ) : null}
            <Table.Th w={70}>
              <Trans>Row</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Column</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Problem</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder; one row may have several problems
            <Table.Tr key={i} data-testid={rowTestId} data-row={e.row}>
              {withSheet ? <Table.Td>{e.sheet}</Table.Td> : null}
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column || '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  )
}
