// The web app's entry: page-wide behaviours first (root font, blocked shortcuts, image fallbacks), then the
// language, then the one error handler wired between the query client and the router, then the app.
import '@mantine/core/styles.css'
import '@mantine/charts/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import './styles/app.css'
import { createRoot } from 'react-dom/client'
import { DEFAULT_LANG } from '../shared/lang'
import { createApiErrorHandler } from './api/api-error-handler'
import { createQueryClient } from './api/query-client'
import { App } from './app'
import { activateLanguage, CATALOG_LOADERS } from './i18n/i18n'
import { type AppRouter, createAppRouter } from './router'
import { session } from './session/session-store'
import { devtoolsBlockingEnabled, installDevtoolsGuard } from './shell/devtools-guard'
import { installImageFallback } from './shell/image-fallback'
import { installRootFont } from './shell/root-font'

// The Content-Security-Policy allows no eval: zod must not even probe for it (the probe is reported as a
// violation), so it parses without its compiled fast path. Written where `z.config({ jitless: true })`
// writes it, zod's global configuration, which zod reads when it loads: zod itself then comes with the first
// screen that uses it rather than with the entry (docs/decisions.md, "Start and first download").
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> }
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true }
installRootFont()
installImageFallback()
if (devtoolsBlockingEnabled(import.meta.env)) installDevtoolsGuard()

let router: AppRouter | undefined
const queryClient = createQueryClient(
  createApiErrorHandler({
    clearSession() {
      session.clearAll()
      queryClient.clear()
      void activateLanguage(DEFAULT_LANG)
    },
    currentLocation: () => ({
      pathname: window.location.pathname,
      pathWithQuery: window.location.pathname + window.location.search,
    }),
    goToLogin(redirect) {
      void router?.navigate({ to: '/login', search: { redirect }, replace: true })
    },
    // Loaded with the first error shown: the toasts' words (the shared catalogue) are not in the entry.
    showError: (message) => void import('./forms/notify').then((toasts) => toasts.showError(message)),
  }),
)
const appRouter = createAppRouter({ queryClient })
router = appRouter

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
const root = createRoot(container)
const lang = session.language() ?? DEFAULT_LANG
// A signed-in visit needs the whole catalog before its first screen: start fetching it now.
if (session.token()) void CATALOG_LOADERS[lang]().catch(() => undefined)
void activateLanguage(lang).then(() => root.render(<App router={appRouter} queryClient={queryClient} />))
