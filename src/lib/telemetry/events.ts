/** Usage events as plain data (kept in session storage until the SDK loads), and how each is made. */
import type { Location } from '../decode/location.ts'
import type { SearchChoice } from '../stores/search.ts'

export type EventName = 'Search' | 'LocationChanged' | 'SignedIn' | 'SignedOut' | 'RefreshFailed'
type Props = Record<string, string>

export type TelemetryEvent =
  | { kind: 'page'; name: string; uri: string; refUri: string; properties: Props }
  | { kind: 'event'; name: EventName; properties: Props; measurements: Record<string, number> }
  | {
      kind: 'dependency'
      name: string
      target: string
      data: string
      resultCode: number
      success: boolean
      duration: number
      startTime: number
      properties: Props
    }
  | { kind: 'exception'; name: string; message: string; stack: string; properties: Props }

/** A service whose calls are recorded as dependencies: its name and the URL its calls start with. */
export type DependencyTarget = { service: string; base: string }
/** One finished fetch, as the recorder saw it (status 0: no answer). */
export type FetchCall = { url: string; method: string; status: number; startTime: number; duration: number }

const MAX_TEXT = 1000

/**
 * A URL without its query and fragment (they may carry keys, codes or tokens) and with the
 * password-reset token masked; '' when it is not an http(s) URL.
 * @example cleanUrl('https://x.org/es/reset/abcdefghijkl?x=1') // 'https://x.org/es/reset/_'
 */
export function cleanUrl(href: string): string {
  try {
    const url = new URL(href)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    return `${url.origin}${url.pathname.replace(/\/reset\/[^/]+/, '/reset/_')}`
  } catch {
    return ''
  }
}

/**
 * The page view of the page being shown.
 * @example pageEvent({ title: 'Duvall, WA', href: location.href, referrer: document.referrer, section: 'weather', lang: 'en' })
 */
export function pageEvent(page: {
  title: string
  href: string
  referrer: string
  section: string
  lang: string
}): TelemetryEvent {
  return {
    kind: 'page',
    name: page.title.slice(0, 200),
    uri: cleanUrl(page.href),
    refUri: cleanUrl(page.referrer),
    properties: { section: page.section, language: page.lang },
  }
}

/**
 * A chosen city search: how long the query was and how many cities matched, never its text.
 * @example searchEvent({ queryLength: 3, resultCount: 10, position: 1, route: 'de/dover' })
 */
export function searchEvent(choice: SearchChoice): TelemetryEvent {
  return {
    kind: 'event',
    name: 'Search',
    properties: { route: choice.route ?? '' },
    measurements: { queryLength: choice.queryLength, resultCount: choice.resultCount, position: choice.position },
  }
}

/**
 * A change of the chosen or device location, to 2 decimals as everywhere in the app; null when
 * there is no new place (cleared, or the same point by the same method).
 * @example locationEvent(dover, null, 'selected') // { name: 'LocationChanged', properties: { method: 'selected', lat: '39.16', … } }
 */
export function locationEvent(
  location: Location | null,
  previous: Location | null,
  store: 'selected' | 'current',
): TelemetryEvent | null {
  if (!location) return null
  const [lat, lon] = [location.lat.toFixed(2), location.lon.toFixed(2)]
  if (previous && previous.method === location.method && previous.lat.toFixed(2) === lat && previous.lon.toFixed(2) === lon)
    return null
  return {
    kind: 'event',
    name: 'LocationChanged',
    properties: { method: location.method, store, lat, lon, route: location.route ?? '' },
    measurements: {},
  }
}

/**
 * How the visitor signed in, from the API path of the call that made the session; null for other paths.
 * @example authProvider('/auth/callback/github') // 'github'
 */
export function authProvider(path: string): string | null {
  const match = /\/(?:auth\/(email|google|github|refresh)|auth\/callback\/(\w{1,20})|api\/(login))$/.exec(path)
  if (!match) return null
  return match[1] ?? match[2] ?? 'editLink'
}

/**
 * A sign-in, sign-out or failed refresh, with the provider; never an email, a name or a token.
 * @example authEvent('SignedIn', 'email')
 */
export function authEvent(name: 'SignedIn' | 'SignedOut' | 'RefreshFailed', provider: string | null): TelemetryEvent {
  return { kind: 'event', name, properties: { provider: provider ?? 'unknown' }, measurements: {} }
}

/**
 * A call to the API or a weather provider; null for any other URL (the telemetry endpoint itself,
 * static files, map tiles). The query is dropped: it may hold edit keys or tokens.
 * @example dependencyEvent({ url: 'https://api.example.org/api/reaction?lat=1', method: 'GET', status: 200, … }, targets)
 */
export function dependencyEvent(call: FetchCall, targets: DependencyTarget[]): TelemetryEvent | null {
  const clean = cleanUrl(call.url)
  const target = targets.find(({ base }) => clean.startsWith(cleanUrl(base)))
  if (!clean || !target) return null
  const url = new URL(clean)
  return {
    kind: 'dependency',
    name: `${call.method.toUpperCase()} ${url.pathname}`,
    target: url.host,
    data: clean,
    resultCode: call.status,
    success: call.status >= 200 && call.status < 400,
    duration: Math.max(0, Math.round(call.duration)),
    startTime: call.startTime,
    properties: { service: target.service },
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return 'unserializable value'
  }
}

/**
 * An uncaught error or unhandled rejection; null for the browser's opaque "Script error." of
 * other origins' scripts, which says nothing.
 * @example exceptionEvent(new TypeError('x is undefined'), 'error')
 */
export function exceptionEvent(value: unknown, source: 'error' | 'unhandledrejection'): TelemetryEvent | null {
  const error = value instanceof Error ? value : null
  const message = describe(value).slice(0, MAX_TEXT)
  if (!error && /^Script error\.?$/.test(message)) return null
  return {
    kind: 'exception',
    name: (error?.name ?? 'Error').slice(0, 100),
    message,
    stack: (error?.stack ?? '').slice(0, 4 * MAX_TEXT),
    properties: { source },
  }
}
