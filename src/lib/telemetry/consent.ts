/** Whether this page may send usage telemetry: only when the build configured it and the browser does not object. */
import { parseConnectionString, type Connection } from './config.ts'

/** What the browser says about tracking (Global Privacy Control, Do Not Track in its old and new places). */
export type PrivacySignals = {
  globalPrivacyControl?: unknown
  doNotTrack?: unknown
  msDoNotTrack?: unknown
  windowDoNotTrack?: unknown
}

export type TelemetryState = { state: 'on'; connection: Connection } | { state: 'off'; reason: 'unconfigured' | 'gpc' | 'dnt' }

const refuses = (value: unknown): boolean => value === '1' || value === 'yes' || value === 1

/**
 * The browser's objection to tracking, if any: GPC first, then Do Not Track ('1' or 'yes').
 * @example privacyObjection({ globalPrivacyControl: true }) // 'gpc'
 */
export function privacyObjection(signals: PrivacySignals): 'gpc' | 'dnt' | null {
  if (signals.globalPrivacyControl === true) return 'gpc'
  if ([signals.doNotTrack, signals.msDoNotTrack, signals.windowDoNotTrack].some(refuses)) return 'dnt'
  return null
}

/**
 * Decides telemetry for this page: off without a usable connection string, off when the browser
 * objects, otherwise on with the parsed connection.
 * @example telemetryState(undefined, {}) // { state: 'off', reason: 'unconfigured' }
 */
export function telemetryState(connectionString: string | undefined, signals: PrivacySignals): TelemetryState {
  const connection = parseConnectionString(connectionString)
  if (!connection) return { state: 'off', reason: 'unconfigured' }
  const objection = privacyObjection(signals)
  return objection ? { state: 'off', reason: objection } : { state: 'on', connection }
}

/**
 * Reads the signals from a browser's navigator and window (fields read defensively: they are
 * non-standard in some browsers).
 * @example browserSignals(navigator, window)
 */
export function browserSignals(nav: object, win: object): PrivacySignals {
  const read = (from: object, key: string): unknown => (from as Record<string, unknown>)[key]
  return {
    globalPrivacyControl: read(nav, 'globalPrivacyControl'),
    doNotTrack: read(nav, 'doNotTrack'),
    msDoNotTrack: read(nav, 'msDoNotTrack'),
    windowDoNotTrack: read(win, 'doNotTrack'),
  }
}
