// Usage telemetry (SPEC section 7): decides once per page; when on, records from the first moment
// and loads the SDK once the page is interactive. When off, it installs nothing and loads nothing.
import { pageLang } from '../page-lang.ts'
import { apiBase, publicEnv } from '../public-env.ts'
import { $currentLocation, $selectedLocation } from '../stores/locations.ts'
import { $searchChoice } from '../stores/search.ts'
import { $authToken } from '../stores/session.ts'
import type { Connection } from '../telemetry/config.ts'
import { browserSignals, telemetryState, type TelemetryState } from '../telemetry/consent.ts'
import {
  authEvent,
  authProvider,
  dependencyEvent,
  exceptionEvent,
  locationEvent,
  pageEvent,
  searchEvent,
  type DependencyTarget,
  type TelemetryEvent,
} from '../telemetry/events.ts'
import { sessionQueue } from '../telemetry/queue.ts'
import { TMS_URL } from '../weather/radar.ts'
import { weatherConfig } from '../weather/config.ts'

/** Where recorded events go once the SDK is there. */
export type Sink = (event: TelemetryEvent) => void
/** The lazily loaded half (telemetry-sdk.ts): sends the backlog, returns the sink for what follows. */
export type SdkModule = { connect: (connection: Connection, backlog: TelemetryEvent[]) => Sink }

/** What the recorder touches, passed in so a test can check that nothing is touched when off. */
export type TelemetryHost = {
  win: Pick<Window, 'fetch' | 'addEventListener'>
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  page: () => Parameters<typeof pageEvent>[0]
  whenInteractive: (run: () => void) => void
  loadSdk: () => Promise<SdkModule>
}

/** The services whose calls are dependencies: the Porchlight API and each weather provider. */
export const dependencyTargets = (): DependencyTarget[] => [
  { service: 'api', base: apiBase() },
  { service: 'forecast', base: weatherConfig.forecastBase },
  { service: 'air', base: weatherConfig.airBase },
  { service: 'marine', base: weatherConfig.marineBase },
  { service: 'quakes', base: weatherConfig.quakesBase },
  { service: 'alerts', base: weatherConfig.alertsBase },
  { service: 'radar', base: TMS_URL },
]

function browserHost(): TelemetryHost {
  let storage: Storage | null = null
  try {
    storage = sessionStorage
  } catch {
    // Storage disabled: events wait in memory only.
  }
  return {
    win: window,
    storage,
    page: () => ({
      title: document.title,
      href: location.href,
      referrer: document.referrer,
      section: document.body.dataset['section'] ?? '',
      lang: pageLang(),
    }),
    whenInteractive: (run) => {
      const idle = (): void =>
        void ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 200))
      if (document.readyState === 'complete') idle()
      else window.addEventListener('load', idle, { once: true })
    },
    loadSdk: () => import('./telemetry-sdk.ts'),
  }
}

/** This page's decision: the build's connection string, then the browser's GPC and Do Not Track. */
export function pageTelemetryState(): TelemetryState {
  return telemetryState(publicEnv('PUBLIC_APPINSIGHTS_CONNECTION_STRING'), browserSignals(navigator, window))
}

const ok = (status: number): boolean => status >= 200 && status < 300

/**
 * Wraps `fetch` to time calls to the API and the weather providers; `onCall` also hears which
 * sign-in call succeeded and which refresh failed. Results and failures pass through unchanged.
 */
function recordCalls(win: TelemetryHost['win'], onCall: (call: TelemetryEvent | null, auth: string | null) => void): void {
  const targets = dependencyTargets()
  const original = win.fetch
  win.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
    const [startTime, started] = [Date.now(), performance.now()]
    const done = (status: number): void => {
      const call = dependencyEvent({ url, method, status, startTime, duration: performance.now() - started }, targets)
      const api = call?.kind === 'dependency' && call.properties['service'] === 'api'
      onCall(call, api ? authProvider(new URL(call.data).pathname) : null)
    }
    return original.call(win, input, init).then(
      (response) => (done(response.status), response),
      (error: unknown) => {
        done(0)
        throw error
      },
    )
  }
}

/**
 * Starts usage telemetry for the page; returns whether it is on. Off: returns at once, having
 * wrapped, listened to, stored and loaded nothing.
 * @example startTelemetry() // in src/scripts/layout.ts, before anything fetches
 */
export function startTelemetry(state: TelemetryState = pageTelemetryState(), host: TelemetryHost = browserHost()): boolean {
  if (state.state !== 'on') return false
  const { win } = host
  const queue = sessionQueue(host.storage)
  let sink: Sink | null = null
  const record = (event: TelemetryEvent | null): void => {
    if (event) (sink ?? queue.add)(event)
  }

  // Values another tab wrote (storage event) or a back/forward restore are not this visitor's action here.
  let external = false
  const mark = (): void => {
    external = true
    setTimeout(() => (external = false))
  }
  win.addEventListener('storage', mark, true)
  win.addEventListener('pageshow', (event) => event.persisted && mark(), true)

  record(pageEvent(host.page()))
  let provider = queue.provider()
  recordCalls(win, (call, auth) => {
    record(call)
    const status = call?.kind === 'dependency' ? call.resultCode : 0
    if (auth === 'refresh' && !ok(status)) record(authEvent('RefreshFailed', provider))
    else if (auth && auth !== 'refresh' && ok(status)) provider = auth
  })
  win.addEventListener('error', (event) => record(exceptionEvent(event.error ?? event.message, 'error')))
  win.addEventListener('unhandledrejection', (event) => record(exceptionEvent(event.reason, 'unhandledrejection')))

  $searchChoice.listen((choice) => choice && record(searchEvent(choice)))
  $selectedLocation.listen((value, old) => external || record(locationEvent(value, old ?? null, 'selected')))
  $currentLocation.listen((value, old) => external || record(locationEvent(value, old ?? null, 'current')))
  $authToken.listen((token, old) => {
    if (external || !token === !old) return
    record(authEvent(token ? 'SignedIn' : 'SignedOut', provider))
    queue.keepProvider(token ? provider : null)
  })

  host.whenInteractive(() => {
    host
      .loadSdk()
      .then(({ connect }) => (sink = connect(state.connection, queue.take())))
      // The SDK's chunk did not load (offline, blocked): events stay queued for the next page.
      .catch(() => undefined)
  })
  return true
}
