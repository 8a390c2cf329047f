// The stocktake's scanning: a big field a USB scanner types into (each code followed by Enter; an inventory
// number typed by hand works the same), a camera modal, and live counts of the room's expected artworks
// found, not found yet, and anything unexpected. A scan of an expected artwork marks it found on the count
// (the step's lists, kept by the form); a code scanned twice counts once, with a notice; anything else — an
// artwork the archive places elsewhere, a code it does not know, text that is no code at all — goes to the
// "unexpected" list with what was read and where the archive has it, never to an error.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Button, Flex, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { IconCamera, IconScan } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { type ArtworkListItem, artworkDetail, artworkListItem } from '../../../shared/contracts/artworks'
import { api } from '../../api/http'
import { pageOf } from '../../api/page'
import { whereText } from '../archive/ArtworkResults'
import { useFileLinks } from '../archive/ArtworkThumb'
import { type ArchiveReference, useArchiveReference } from '../archive/reference-data'
import {
  type ArtworkRef,
  ROOM_LIST_MAX as COUNT_MAX,
  refOf,
  roomArtworksQuery,
} from '../process/artwork-refs'
import { useLang } from '../process/machine-words'
import { ArtworkLine } from '../process/RecordArtworks'
import { CameraScanner } from './CameraScanner'
import { inventoryKey, parseScanCode, type ScanCode, scanKey } from './scan-code'

export interface Marks {
  found: string[]
  missing: string[]
}

interface Unexpected {
  key: string
  /** What was read. */
  text: string
  state: 'looking' | 'elsewhere' | 'unknown'
  artwork?: ArtworkRef
  where?: string
}

type Feedback = { tone: 'found' | 'again' | 'unexpected'; text: string }

/** An artwork the count does not expect, looked up in the archive (never an error: unknown is an answer). */
async function lookUp(code: ScanCode): Promise<ArtworkListItem | null> {
  try {
    if (code.kind === 'artwork') return await api.get(`artworks/${code.id}`, { schema: artworkDetail })
    if (code.kind === 'inventoryNo') {
      const reply = await api.get('artworks', {
        searchParams: { keyword: code.value, pageSize: 20 },
        schema: pageOf(artworkListItem),
      })
      const item = reply.list.find((a) => inventoryKey(a.inventoryNo) === inventoryKey(code.value))
      return item ?? null
    }
  } catch {
    // Not answered (unknown id, network): listed as an unknown code, never an error.
  }
  return null
}

export function ScanPanel({
  roomId,
  marks,
  onMarks,
}: {
  roomId: string | undefined
  marks: Marks
  onMarks: (next: Marks) => void
}) {
  const { t } = useLingui()
  const lang = useLang()
  const reference = useArchiveReference()
  const expectedQuery = useQuery({ ...roomArtworksQuery(roomId ?? ''), enabled: !!roomId })
  const expected = useMemo(() => expectedQuery.data?.list ?? [], [expectedQuery.data])
  const byId = useMemo(() => new Map(expected.map((a) => [a.id, a])), [expected])
  const byNo = useMemo(() => new Map(expected.map((a) => [inventoryKey(a.inventoryNo), a])), [expected])

  const [text, setText] = useState('')
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [unexpected, setUnexpected] = useState<Unexpected[]>([])
  const [cameraOpen, setCameraOpen] = useState(false)
  const links = useFileLinks(
    useMemo(() => unexpected.map((u) => u.artwork?.previewFileId ?? null), [unexpected]),
  )
  // Scans arrive faster than renders (a USB scanner types a code and Enter in milliseconds): read the latest.
  const marksRef = useRef(marks)
  marksRef.current = marks
  const unexpectedRef = useRef(unexpected)
  unexpectedRef.current = unexpected
  const referenceRef = useRef<ArchiveReference>(reference)
  referenceRef.current = reference

  // Every expected artwork not scanned is "not found" on the count until it is: the step's missing list.
  useEffect(() => {
    if (!expectedQuery.data) return
    const current = marksRef.current
    const marked = new Set([...current.found, ...current.missing])
    const rest = expectedQuery.data.list.map((a) => a.id).filter((id) => !marked.has(id))
    if (rest.length > 0) onMarks({ found: current.found, missing: [...current.missing, ...rest] })
  }, [expectedQuery.data, onMarks])

  const found = expected.filter((a) => marks.found.includes(a.id))
  const notFound = expected.length - found.length

  function markFound(item: ArtworkListItem) {
    const ref = refOf(item, lang)
    const current = marksRef.current
    if (current.found.includes(item.id)) {
      setFeedback({ tone: 'again', text: t`Already counted: ${ref.inventoryNo} ${ref.title}` })
      return
    }
    const next = {
      found: [...current.found, item.id],
      missing: current.missing.filter((id) => id !== item.id),
    }
    marksRef.current = next
    onMarks(next)
    setFeedback({ tone: 'found', text: t`Found: ${ref.inventoryNo} ${ref.title}` })
  }

  function addUnexpected(entry: Unexpected) {
    const next = [entry, ...unexpectedRef.current.filter((u) => u.key !== entry.key)]
    unexpectedRef.current = next
    setUnexpected(next)
  }

  function scan(raw: string) {
    const code = parseScanCode(raw)
    if (!code) return
    const item =
      code.kind === 'artwork'
        ? byId.get(code.id)
        : code.kind === 'inventoryNo'
          ? byNo.get(inventoryKey(code.value))
          : undefined
    if (item) return markFound(item)
    const key = scanKey(code)
    const seen = unexpectedRef.current.find(
      (u) => u.key === key || (code.kind === 'artwork' && u.artwork?.id === code.id),
    )
    if (seen) {
      setFeedback({ tone: 'again', text: t`Already scanned: ${seen.artwork?.inventoryNo ?? seen.text}` })
      return
    }
    const shown = code.kind === 'inventoryNo' ? code.value : code.text
    setFeedback({ tone: 'unexpected', text: t`Not expected in this room: ${shown}` })
    if (code.kind === 'unreadable') return addUnexpected({ key, text: shown, state: 'unknown' })
    addUnexpected({ key, text: shown, state: 'looking' })
    void lookUp(code).then((found) => {
      const list = unexpectedRef.current
      if (!found) {
        const next = list.map((u) => (u.key === key ? { ...u, state: 'unknown' as const } : u))
        unexpectedRef.current = next
        setUnexpected(next)
        return
      }
      // The same artwork scanned another way (its label, then its number typed): listed once.
      const twice = list.some((u) => u.key !== key && u.artwork?.id === found.id)
      const where = whereText(found, referenceRef.current)
      const next = twice
        ? list.filter((u) => u.key !== key)
        : list.map((u) =>
            u.key === key ? { ...u, state: 'elsewhere' as const, artwork: refOf(found, lang), where } : u,
          )
      unexpectedRef.current = next
      setUnexpected(next)
    })
  }

  const loading = !!roomId && expectedQuery.isPending
  const lastRead = feedback?.text

  return (
    <Stack gap="sm" data-testid="scan-panel">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'flex-end' }}>
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          size="lg"
          label={t`Scan a label`}
          description={t`A USB scanner types here; or type an inventory number and press Enter.`}
          placeholder={loading ? t`Loading the room's artworks…` : t`Scan or type, then Enter`}
          leftSection={<IconScan size={20} />}
          value={text}
          disabled={loading}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            // Enter ends a scan: it must not submit the step's form.
            e.preventDefault()
            const value = e.currentTarget.value
            setText('')
            scan(value)
          }}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="done"
          data-testid="scan-input"
        />
        <Button
          size="lg"
          variant="light"
          leftSection={<IconCamera size={20} />}
          onClick={() => setCameraOpen(true)}
          disabled={loading}
          data-testid="scan-camera"
        >
          <Trans>Scan with camera</Trans>
        </Button>
      </Flex>

      {feedback ? (
        <Alert
          py={6}
          color={feedback.tone === 'found' ? 'teal' : feedback.tone === 'again' ? 'gray' : 'orange'}
          aria-live="polite"
          data-testid="scan-feedback"
          data-tone={feedback.tone}
        >
          {feedback.text}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Count label={t`Expected`} value={expected.length} testId="count-expected" />
        <Count label={t`Found`} value={found.length} testId="count-found" color="teal" />
        <Count label={t`Not found yet`} value={notFound} testId="count-not-found" color="red" />
        <Count label={t`Unexpected`} value={unexpected.length} testId="count-unexpected" color="orange" />
      </SimpleGrid>

      {(expectedQuery.data?.total ?? 0) > COUNT_MAX ? (
        <Text fz="xs" c="orange.8">
          <Trans>
            This room holds {expectedQuery.data?.total} artworks; one count takes the first {COUNT_MAX} by
            inventory number.
          </Trans>
        </Text>
      ) : null}

      {unexpected.length > 0 ? (
        <Stack gap={6} data-testid="unexpected-list">
          <Text fz="sm" fw={500}>
            <Trans>Unexpected scans</Trans>
          </Text>
          <Text fz="xs" c="dimmed">
            <Trans>
              Not part of this count. Artworks the archive places elsewhere can be moved here by a transport
              or warehousing process.
            </Trans>
          </Text>
          {unexpected.map((u) => (
            <Paper key={u.key} withBorder radius="sm" p="xs" data-unexpected={u.state}>
              {u.artwork ? (
                <Stack gap={2}>
                  <ArtworkLine artwork={u.artwork} links={links} plain />
                  <Text fz="xs" c="orange.9">
                    {u.where ? t`The archive has it in: ${u.where}` : t`The archive records no place for it.`}
                  </Text>
                </Stack>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                    {u.state === 'looking' ? t`Looking up…` : t`Unknown code`}
                  </Badge>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {u.text}
                  </Text>
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      ) : null}

      <CameraScanner
        opened={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onScan={scan}
        lastRead={lastRead}
      />
    </Stack>
  )
}

function Count({
  label,
  value,
  testId,
  color,
}: {
  label: string
  value: number
  testId: string
  color?: string
}) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  )
}
