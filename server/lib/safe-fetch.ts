// Fetching pages named by staff-written templates without letting them reach the server's own network (SSRF).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { setImmediate as nextTurn } from 'node:timers/promises'
import ipaddr from 'ipaddr.js'
import { Agent, fetch, type Response } from 'undici'
import { bodyText } from './body-text.ts'

export type SafeFetchResult =
  | {
      ok: true
      text: string
      contentType: string
      status: number
      /** The body's bytes, undecoded, with encoding 'bytes' (then `text` is empty). */
      bytes?: Uint8Array
      /** 304 to a conditional request (If-None-Match / If-Modified-Since): text is empty, keep what you have. */
      notModified: boolean
      etag: string | null
      lastModified: string | null
    }
  | { ok: false; error: string; status?: number }

export type SafeFetchOptions = {
  /** Lets private, loopback and other non-public addresses through (tests and local setups only). */
  allowPrivate?: boolean
  timeoutMs?: number
  maxBytes?: number
  /** An undici-compatible fetch, for tests; it is given the guarding dispatcher. */
  fetchImpl?: typeof fetch
  /** Replaces the default User-Agent (feeds identify themselves with a contact, as NWS and Overpass ask). */
  userAgent?: string
  accept?: string
  /** Extra request headers, e.g. If-None-Match and If-Modified-Since for conditional requests. */
  headers?: Record<string, string>
  /**
   * 'base64': `text` is the body's bytes in base64, for binary bodies (GTFS-realtime protobuf, zips).
   * 'bytes': `bytes` holds the body as read, for a worker to decode (a feed's 25 MB never becomes a string here).
   */
  encoding?: 'text' | 'base64' | 'bytes'
}

export const FETCH_TIMEOUT_MS = 10_000
export const FETCH_MAX_BYTES = 1_000_000
export const FETCH_MAX_REDIRECTS = 3
export const USER_AGENT = 'Porchlight/1.0 (+status templates)'

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** Raised by the DNS guard; found again in the cause chain of undici's 'fetch failed'. */
class RefusedAddressError extends Error {}

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-compatible (::a.b.c.d,
 * written ::7f00:1 too), NAT64 (64:ff9b::/96 and 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo
 * (2001::/32, the client address inverted). IPv4-mapped (::ffff:a.b.c.d) is read as IPv4 by the caller.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = ip.parts
  const v4 = (high: number, low: number): ipaddr.IPv4 => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255])
  const range = ip.range()
  if (parts.slice(0, 6).every((part) => part === 0)) return v4(parts[6]!, parts[7]!)
  if (range === 'rfc6052') return v4(parts[6]!, parts[7]!)
  if (range === '6to4') return v4(parts[1]!, parts[2]!)
  if (range === 'teredo') return v4(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)
  return null
}

/** The well-known NAT64 prefix, the one embedded form a public server is reached through. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96')

/**
 * True for an address on the public internet: ipaddr.js calls everything else (private, loopback,
 * link-local, unique-local, multicast, CGNAT, reserved…) by a range name. An IPv6 address that carries
 * an IPv4 one is judged by that IPv4 address: ::7f00:1 is loopback. Of those forms only NAT64 of a
 * public address counts as public; IPv4-compatible (deprecated), 6to4 and Teredo (tunnels) never do.
 * @example isPublicAddress('10.0.0.1') // false; isPublicAddress('::7f00:1') // false
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  // ipaddr.js reads any dotted tail as IPv4-mapped, so ::8.8.8.8 (compatible, deprecated) is refused here.
  if (address.includes(':') && address.includes('.') && !/^::ffff:[\d.]+$/i.test(address)) return false
  const ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast'
  const v6 = ip as ipaddr.IPv6
  // A mapped address (::ffff:10.0.0.1) is the IPv4 address itself.
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast'
  const embedded = embeddedIPv4(v6)
  if (!embedded) return v6.range() === 'unicast'
  return embedded.range() === 'unicast' && v6.match(NAT64)
}

/** dns.lookup that fails when any address of the host is not public; the socket connects to what it checked. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    if (!addresses.length || addresses.some(({ address }) => !isPublicAddress(address))) {
      return callback(new RefusedAddressError('Refused: the host is on a private network'), '', 0)
    }
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

let guardedAgent: Agent | undefined
let openAgent: Agent | undefined

/** One pooled agent per mode, made on first use. */
function agentFor(allowPrivate: boolean): Agent {
  if (allowPrivate) return (openAgent ??= new Agent({ connect: { timeout: FETCH_TIMEOUT_MS } }))
  return (guardedAgent ??= new Agent({ connect: { timeout: FETCH_TIMEOUT_MS, lookup: guardedLookup } }))
}

/** Why a URL may not be fetched, or null: http(s) only, and no literal non-public IP (DNS is checked at connect). */
function refusal(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Refused: only http and https addresses'
  if (url.username || url.password) return 'Refused: addresses with a user name or password'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) return 'Refused: the host is on a private network'
  return null
}

/** Bytes read between two turns of the event loop (readLimited). */
const YIELD_BYTES = 1 << 20

const sizeText = (bytes: number): string =>
  bytes >= 1_000_000 ? `${bytes / 1_000_000} MB` : bytes >= 1000 ? `${bytes / 1000} kB` : `${bytes} bytes`

/**
 * Reads at most maxBytes of a body, cancelling the stream beyond that. Chunks are kept as they arrive and joined once
 * at the end, a megabyte between two turns of the event loop: a buffer grown by doubling copied each body about
 * twice on the request thread, and those copies (with the pages they touched first) were 93 and 106 ms stalls in
 * bench:feeds' CPU profile.
 */
async function readLimited(body: Response['body'], maxBytes: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let turnAt = YIELD_BYTES
  for (;;) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<Uint8Array>
    if (done) break
    if (size + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
    size += value.byteLength
    // Chunks already buffered resolve as microtasks, so the loop would not turn until the whole body is in: a
    // 17.6 MB body held the request thread 146 ms (bench:feeds). Let it turn every megabyte.
    if (size >= turnAt) {
      turnAt = size + YIELD_BYTES
      await nextTurn()
    }
  }
  return joined(chunks, size)
}

/** The chunks of a body as one array, copied in a megabyte at a time with a turn of the loop between. */
async function joined(chunks: Uint8Array[], size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size)
  let at = 0
  let turnAt = YIELD_BYTES
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
    if (at >= turnAt) {
      turnAt = at + YIELD_BYTES
      await nextTurn()
    }
  }
  return bytes
}

/** A short, secret-free message for a failed fetch (no URL: it may carry a token). */
function describe(error: unknown, timeoutMs: number): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RefusedAddressError) return cause.message
    if (cause.name === 'TimeoutError') return `Timed out after ${timeoutMs / 1000} s`
    const code = (cause as { code?: unknown }).code
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found'
    if (code === 'ECONNREFUSED') return 'Connection refused'
    if (typeof code === 'string') return `Fetch failed (${code})`
  }
  return 'Fetch failed'
}

/**
 * Fetches a page for a status template: http(s) only, public addresses only (unless allowPrivate),
 * 10 s for everything, 1 MB at most, 3 redirects each checked again. Never throws.
 * @example const page = await safeFetch('https://example.org/status') // { ok: true, text: '…', contentType: 'text/html' }
 */
export async function safeFetch(address: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const allowPrivate = options.allowPrivate ?? false
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES
  const fetchImpl = options.fetchImpl ?? fetch
  const signal = AbortSignal.timeout(timeoutMs)
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return { ok: false, error: 'Invalid URL' }
  }
  try {
    for (let redirects = 0; ; redirects++) {
      const refused = refusal(url, allowPrivate)
      if (refused) return { ok: false, error: refused }
      const response = await fetchImpl(url, {
        dispatcher: agentFor(allowPrivate),
        redirect: 'manual',
        signal,
        headers: {
          ...options.headers,
          'user-agent': options.userAgent ?? USER_AGENT,
          accept: options.accept ?? 'text/html, application/json;q=0.9, text/plain;q=0.8, */*;q=0.5',
        },
      })
      const location = response.headers.get('location')
      if (REDIRECTS.has(response.status) && location) {
        await response.body?.cancel().catch(() => undefined)
        if (redirects >= FETCH_MAX_REDIRECTS) return { ok: false, error: `Too many redirects (more than ${FETCH_MAX_REDIRECTS})` }
        url = new URL(location, url)
        continue
      }
      const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
      if (response.status === 304) {
        await response.body?.cancel().catch(() => undefined)
        return { ok: true, text: '', contentType: '', status: 304, notModified: true, ...validators }
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        return { ok: false, error: `HTTP ${response.status}`, status: response.status }
      }
      const contentType = response.headers.get('content-type') ?? ''
      const tooLarge = { ok: false, error: `Response larger than ${sizeText(maxBytes)}` } as const
      const length = Number(response.headers.get('content-length') ?? 0)
      if (length > maxBytes) {
        await response.body?.cancel().catch(() => undefined)
        return tooLarge
      }
      const bytes = await readLimited(response.body, maxBytes)
      if (!bytes) return tooLarge
      if (options.encoding === 'bytes') {
        return { ok: true, text: '', bytes, contentType, status: response.status, notModified: false, ...validators }
      }
      return {
        ok: true,
        text:
          options.encoding === 'base64'
            ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
            : bodyText(bytes, contentType),
        contentType,
        status: response.status,
        notModified: false,
        ...validators,
      }
    }
  } catch (error) {
    return { ok: false, error: describe(error, timeoutMs) }
  }
}
