/** What the telemetry SDK is told: where to send, how long sessions last, and which of its own collectors stay off. */
import type { IConfig, IConfiguration } from '@microsoft/applicationinsights-web'

/** A new session starts after 30 minutes without activity (SPEC section 7). */
export const SESSION_RENEWAL_MS = 30 * 60_000
/** …and after 24 hours in any case (SPEC section 7). */
export const SESSION_EXPIRATION_MS = 24 * 60 * 60_000
/**
 * Batches go out 5 s after their first event instead of the SDK's 15 s: visits are short, and
 * what is sent while the page is open does not depend on the browser delivering it at unload.
 */
export const BATCH_INTERVAL_MS = 5_000
// The anonymous user cookie (`ai_user`) lives a year; the SDK fixes this (31,536,000 s), it has no setting.

/** A checked connection string: the key, and where envelopes go. */
export type Connection = { connectionString: string; instrumentationKey: string; ingestionEndpoint: string }

const DEFAULT_INGESTION = 'https://dc.services.visualstudio.com/'
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

function endpoint(value: string | undefined): string | null {
  if (value === undefined) return DEFAULT_INGESTION
  try {
    const url = new URL(value)
    // Plain http only to this machine (tests); anything else must be https.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null
    if (url.username || url.password || url.search || url.hash) return null
    return url.href
  } catch {
    return null
  }
}

/**
 * Reads an Application Insights connection string (`Key=value;…`); null when it is missing or
 * unusable (no GUID instrumentation key, an ingestion endpoint that is not https or loopback).
 * @example parseConnectionString('InstrumentationKey=…;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/')
 */
export function parseConnectionString(value: string | undefined): Connection | null {
  if (!value) return null
  const fields = new Map<string, string>()
  for (const part of value.split(';')) {
    const at = part.indexOf('=')
    if (at > 0) fields.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim())
  }
  const instrumentationKey = fields.get('instrumentationkey') ?? ''
  const ingestionEndpoint = endpoint(fields.get('ingestionendpoint'))
  if (!GUID.test(instrumentationKey) || !ingestionEndpoint) return null
  return { connectionString: value.trim(), instrumentationKey, ingestionEndpoint }
}

/** The SDK's feature switch values (its FeatureOptInMode). */
const FEATURE_OFF = 2
/** The config sync plugin's "none" mode: it neither downloads nor listens for configuration. */
const SYNC_NONE = 0

/**
 * The SDK configuration. Its own fetch, XHR and exception collectors are off: the site records
 * those itself (only calls to its API and weather providers, with no correlation headers, which
 * the weather services' CORS rules would refuse) so that they are kept from the first moment,
 * before the SDK has loaded. The SDK's remote configuration download and its self-statistics
 * are off too, and it takes configuration from no other script, so nothing is sent but what the
 * README lists, and only where the build says.
 * @example new ApplicationInsights({ config: sdkConfig(connection) })
 */
export function sdkConfig(connection: Connection): IConfiguration & IConfig {
  return {
    connectionString: connection.connectionString,
    sessionRenewalMs: SESSION_RENEWAL_MS,
    sessionExpirationMs: SESSION_EXPIRATION_MS,
    maxBatchInterval: BATCH_INTERVAL_MS,
    disableAjaxTracking: true,
    disableFetchTracking: true,
    disableCorrelationHeaders: true,
    disableExceptionTracking: true,
    enableUnhandledPromiseRejectionTracking: false,
    enableAutoRouteTracking: false,
    autoTrackPageVisitTime: false,
    // A page view is handed to the channel (and its session buffer) at once, with the time since
    // navigation as its duration. Without this the SDK holds it until a 100 ms timer finds the load
    // timings ready, and a page left before then loses its page view.
    overridePageViewDuration: true,
    featureOptIn: { SdkStats: { mode: FEATURE_OFF } },
    extensionConfig: { AppInsightsCfgSyncPlugin: { syncMode: SYNC_NONE, blkCdnCfg: true, cfgUrl: '' } },
  }
}
