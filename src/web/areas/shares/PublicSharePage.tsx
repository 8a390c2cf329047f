// The page a share link opens (/share/:token), outside the signed-in shell: who it was prepared for and until
// when, then the works — titles in the language shown with the other beneath, artist, year, medium, size,
// the value when the link shows values — each with its images as thumbnails that open large. A link with a
// password asks for it first; an expired, revoked or unknown link says only that it cannot be opened.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import {
  type PublicShare,
  type PublicShareArtwork,
  SHARE_PASSWORD_HEADER,
} from '../../../shared/contracts/shares'
import { moneyText } from '../../../shared/money-text'
import { publicShareQuery } from '../../api/queries/shares'
import { formatDateTime } from '../../i18n/format'
import { BrandMark } from '../../shell/BrandMark'
import { LanguageToggle } from '../../shell/LanguageToggle'
import { useLang } from '../process/machine-words'

export function PublicSharePage({ token }: { token: string }) {
  const { t } = useLingui()
  const [password, setPassword] = useState('')
  const answer = useQuery(publicShareQuery(token, password))
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" px={{ base: 'md', sm: 'xl' }} py="sm">
        <Group justify="space-between">
          <BrandMark compact />
          <LanguageToggle />
        </Group>
      </Box>
      <Box component="main" px={{ base: 'md', sm: 'xl' }} py="lg" maw={1200} mx="auto">
        {answer.isPending ? (
          <Center py="xl">
            <Loader aria-label={t`Loading`} />
          </Center>
        ) : answer.isError ? (
          <Alert color="red" title={t`The shared works could not be loaded`}>
            <Trans>Check the connection and open the link again.</Trans>
          </Alert>
        ) : answer.data.kind === 'gone' ? (
          <Gone />
        ) : answer.data.kind === 'locked' ? (
          <Alert color="red" title={t`Too many wrong passwords`} data-testid="share-locked">
            {answer.data.message}
          </Alert>
        ) : answer.data.kind === 'password' ? (
          <PasswordPrompt wrong={answer.data.wrong} onSubmit={setPassword} />
        ) : (
          <SharedWorks share={answer.data.share} token={token} password={password} />
        )}
      </Box>
    </Box>
  )
}

function Gone() {
  const { t } = useLingui()
  return (
    <Stack align="center" py="xl" gap="xs" data-testid="share-gone">
      <Title order={1} fz="h3">
        {t`This link cannot be opened`}
      </Title>
      <Text c="dimmed" ta="center" maw={480}>
        <Trans>
          It has expired or been withdrawn, or the address is not complete. Ask the person who sent it for a
          new link.
        </Trans>
      </Text>
    </Stack>
  )
}

function PasswordPrompt({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => void }) {
  const { t } = useLingui()
  const [value, setValue] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (value) onSubmit(value)
  }
  return (
    <Center py="xl">
      <Card withBorder radius="md" padding="lg" w="100%" maw={380}>
        <form onSubmit={submit} noValidate data-testid="share-password-form">
          <Stack gap="sm">
            <Title order={1} fz="h4">
              {t`This link is protected by a password`}
            </Title>
            <PasswordInput
              label={t`Password`}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={wrong ? t`The password is wrong` : undefined}
              autoComplete="off"
              data-autofocus
              data-testid="share-password"
            />
            <Button type="submit" data-testid="share-password-submit">
              <Trans>Open</Trans>
            </Button>
          </Stack>
        </form>
      </Card>
    </Center>
  )
}

const WATERMARK_SPOTS = Array.from({ length: 12 }, (_, i) => `spot-${i}`)

/**
 * The recipient's name over an image, repeated across it (a CSS overlay: the image file itself is not
 * changed, so the watermark says whom the page was shared with rather than protecting the file).
 */
function Watermarked({ recipient, children }: { recipient: string; children: ReactNode }) {
  return (
    <Box pos="relative" style={{ overflow: 'hidden' }} data-testid="share-watermarked">
      {children}
      <Box
        aria-hidden
        pos="absolute"
        inset={0}
        data-testid="share-watermark"
        style={{
          pointerEvents: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          alignContent: 'center',
          justifyContent: 'center',
          gap: '28px 40px',
          transform: 'rotate(-24deg) scale(1.4)',
          color: 'rgba(255,255,255,0.55)',
          textShadow: '0 0 2px rgba(0,0,0,0.45)',
          fontSize: 13,
          fontWeight: 600,
          userSelect: 'none',
        }}
      >
        {/* The name drawn by CSS (app.css, `.share-watermark-mark`), not as text of the page: the image's button
            keeps the accessible name it states, and the name is not copied with the page's text. */}
        {WATERMARK_SPOTS.map((spot) => (
          <span key={spot} className="share-watermark-mark" data-mark={recipient} />
        ))}
      </Box>
    </Box>
  )
}

/** The shared works as a PDF, rendered by the server in the page's language (values only when shown). */
function PdfDownload({ token, password }: { token: string; password: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const download = async () => {
    setState('busy')
    try {
      const res = await fetch(`/api/public/shares/${encodeURIComponent(token)}/pdf`, {
        headers: { 'accept-language': lang, ...(password ? { [SHARE_PASSWORD_HEADER]: password } : {}) },
      })
      if (!res.ok) throw new Error(String(res.status))
      const url = URL.createObjectURL(await res.blob())
      const a = document.createElement('a')
      a.href = url
      a.download = lang === 'en' ? 'shared-works.pdf' : '分享作品.pdf'
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" onClick={download} loading={state === 'busy'} data-testid="share-pdf">
        {t`Download as PDF`}
      </Button>
      {state === 'failed' ? (
        <Text c="red" fz="sm" data-testid="share-pdf-failed">
          <Trans>The PDF could not be made. Open the link again and retry.</Trans>
        </Text>
      ) : null}
    </Stack>
  )
}

function SharedWorks({ share, token, password }: { share: PublicShare; token: string; password: string }) {
  const lang = useLang()
  const until = formatDateTime(share.expiresAt, lang)
  const recipient = share.recipient
  const count = share.artworks.length
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          <Trans>Works shared with {recipient}</Trans>
        </Title>
        <Text c="dimmed" fz="sm">
          <Trans>
            {count} works · this link works until {until}
          </Trans>
        </Text>
        {share.note ? <Text fz="sm">{share.note}</Text> : null}
        {count > 0 ? <PdfDownload token={token} password={password} /> : null}
      </Stack>
      {count === 0 ? (
        <Text c="dimmed">
          <Trans>None of the works shared here can be shown any longer.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="share-works">
          {numbered(share.artworks).map(({ work, position }) => (
            <WorkCard key={position} work={work} recipient={recipient} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

/** The works with their place in the link (the page's keys: a work's own id is never sent). */
function numbered(works: PublicShareArtwork[]) {
  return works.map((work, n) => ({ work, position: `work-${n + 1}` }))
}

function WorkCard({ work, recipient }: { work: PublicShareArtwork; recipient: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const [large, setLarge] = useState<number | null>(null)
  const title = lang === 'en' ? work.titleEn || work.titleZh : work.titleZh || work.titleEn
  const otherTitle = lang === 'en' ? work.titleZh : work.titleEn
  const artist = work.artist
    ? lang === 'en'
      ? work.artist.nameEn || work.artist.nameZh
      : work.artist.nameZh
    : ''
  const medium = lang === 'en' ? work.medium.en || work.medium.zh : work.medium.zh || work.medium.en
  const facts = [artist, work.year, medium, work.dimensions].filter(Boolean)
  return (
    <Card withBorder radius="md" padding="md" data-testid="share-work">
      <Stack gap="xs">
        {work.thumbnails.length > 0 ? (
          <Group gap={6}>
            {work.thumbnails.map((src, i) => (
              <UnstyledButton
                key={src}
                onClick={() => setLarge(i)}
                aria-label={t`Open image ${i + 1} of ${title} large`}
                data-testid="share-thumb"
              >
                <Watermarked recipient={recipient}>
                  <Image
                    src={src}
                    alt=""
                    w={i === 0 ? '100%' : 64}
                    h={i === 0 ? 220 : 64}
                    fit="cover"
                    radius="sm"
                  />
                </Watermarked>
              </UnstyledButton>
            ))}
          </Group>
        ) : null}
        <Box>
          <Title order={2} fz="h4" lang={lang}>
            {title}
          </Title>
          {otherTitle && otherTitle !== title ? (
            <Text c="dimmed" fz="sm" lang={lang === 'en' ? 'zh-CN' : 'en'}>
              {otherTitle}
            </Text>
          ) : null}
        </Box>
        {facts.length > 0 ? <Text fz="sm">{facts.join(' · ')}</Text> : null}
        {work.value ? (
          <Text fz="sm" fw={600} data-testid="share-value">
            <Trans>Value: {moneyText(work.value, work.currency)}</Trans>
          </Text>
        ) : null}
      </Stack>
      <Modal
        opened={large !== null}
        onClose={() => setLarge(null)}
        title={title}
        size="xl"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {large !== null ? (
          <Watermarked recipient={recipient}>
            <Image src={work.images[large]} alt={title} fit="contain" mah="80vh" data-testid="share-large" />
          </Watermarked>
        ) : null}
      </Modal>
    </Card>
  )
}
