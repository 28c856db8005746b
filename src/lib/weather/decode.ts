import { ProviderError, type Provider } from './errors.ts'
import { isObject } from '../is-object.ts'

/** Small readers for untrusted JSON, shared by the provider decoders. */

export type JsonObject = Record<string, unknown>

/** True for a plain JSON object (not null, not an array): the shared check, re-exported for the decoders. */
export { isObject }

/**
 * A finite number, or null for anything else (null, strings, NaN).
 * @example num('12') // null
 */
export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * A string, or null for anything else.
 * @example str(3) // null
 */
export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/**
 * An array, or an empty one for anything else, so parallel arrays can be indexed without checks.
 * @example list(null) // []
 */
export function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}

/**
 * The object under `key`, or an empty object.
 * @example child({ current: 1 }, 'current') // {}
 */
export function child(parent: JsonObject, key: string): JsonObject {
  const value = parent[key]
  return isObject(value) ? value : {}
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/**
 * Epoch ms of an Open-Meteo local time: its strings carry no offset, the response gives it once.
 * @example localEpoch('2026-07-20T13:00', -14400) // Date.UTC(2026, 6, 20, 17)
 */
export function localEpoch(value: unknown, offsetSeconds: number): number | null {
  if (typeof value !== 'string' || !WALL_CLOCK.test(value)) return null
  const utc = Date.parse(value + 'Z')
  return Number.isNaN(utc) ? null : utc - offsetSeconds * 1000
}

/**
 * Epoch ms of an ISO date-time that carries its own offset (NWS), or null.
 * @example isoEpoch('2024-05-25T17:27:00-05:00') // Date.UTC(2024, 4, 25, 22, 27)
 */
export function isoEpoch(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

/**
 * A coordinate with at most 4 decimals (~11 m): finer is noise, and NWS rejects long decimals.
 * @example coord(-121.987654) // '-121.9877'
 */
export function coord(value: number): string {
  return String(Math.round(value * 1e4) / 1e4)
}

/**
 * Appends query parameters to a base that may be relative (a proxy path) or carry its own query
 * (an `apikey`). Commas and colons stay literal: the APIs document `a,b` lists and ISO times.
 * @example withQuery('/api/x?k=1', { a: 'b,c' }) // '/api/x?k=1&a=b,c'
 */
export function withQuery(base: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':')}`)
    .join('&')
  return base + (base.includes('?') ? '&' : '?') + query
}

/**
 * The response as an object, or a ProviderError for a body nothing can be read from: not an
 * object, or an error body (Open-Meteo's `{"error":true,"reason":…}`, `{"error":{"message":…}}`).
 * @example usable({ error: true, reason: 'x' }, 'air') // throws ProviderError('air', 'x')
 */
export function usable(json: unknown, provider: Provider): JsonObject {
  if (!isObject(json)) throw new ProviderError(provider, 'Response is not a JSON object')
  if (json['error'] === true || isObject(json['error'])) {
    const reason = str(json['reason']) ?? str(child(json, 'error')['message']) ?? 'Unknown error'
    throw new ProviderError(provider, reason)
  }
  return json
}

/**
 * The error for a body that is an object but lacks everything a decoder reads; keeps the
 * `detail`/`title` of a problem+json body (NWS) as the message.
 * @example unusable({ title: 'Bad Request' }, 'alerts').message // 'Bad Request'
 */
export function unusable(json: JsonObject, provider: Provider): ProviderError {
  return new ProviderError(provider, str(json['detail']) ?? str(json['title']) ?? 'Response has no usable data')
}
