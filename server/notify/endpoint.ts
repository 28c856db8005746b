// A push service endpoint and keys from a browser: untrusted. Refused (with the reason) unless it is an https URL on
// port 443 of a browser's push service (PUSH_SERVICE_HOSTS) whose host resolves to public addresses only; sending
// connects through a lookup that checks again (DNS may change). The keys must be a point on P-256 and a 16-byte secret.
import { createPublicKey } from 'node:crypto'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { Agent } from 'undici'
import { isPublicAddress } from '../lib/safe-fetch.ts'

export const ENDPOINT_MAX = 1024

/** Push endpoints on loopback and private networks: ALLOW_PRIVATE_FETCH, or NOTIFY_ALLOW_PRIVATE for the notifier alone (tests). */
export const allowsPrivatePush = (
  config: { allowPrivateFetch: boolean },
  env: Record<string, string | undefined> = process.env,
) => config.allowPrivateFetch || env['NOTIFY_ALLOW_PRIVATE'] === '1'
/**
 * The push services browsers use (Chrome and Edge's FCM, Firefox's autopush, Safari's, Windows'): a push endpoint must
 * be on one. Entries are host names, or `*.` and a suffix for any host under it. PUSH_SERVICE_HOSTS replaces them.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
]

/** PUSH_SERVICE_HOSTS (comma-separated), else the defaults; lower case. */
export const pushServiceHosts = (env: Record<string, string | undefined> = process.env): string[] => {
  const listed = (env['PUSH_SERVICE_HOSTS'] ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  return listed.length ? listed : DEFAULT_PUSH_SERVICE_HOSTS
}

/** Whether a host is one of the push services listed. */
export const isPushService = (host: string, hosts: readonly string[] = pushServiceHosts()): boolean => {
  const name = host.toLowerCase().replace(/\.$/, '')
  return hosts.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) : name === entry))
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/

const bytes = (text: unknown): Buffer | null =>
  typeof text === 'string' && text.length <= 200 && B64URL.test(text) ? Buffer.from(text, 'base64url') : null

/** Whether 65 bytes (0x04, x, y) are a point on P-256: web-push cannot encrypt to any other. */
function onCurve(key: Buffer): boolean {
  const [x, y] = [key.subarray(1, 33).toString('base64url'), key.subarray(33).toString('base64url')]
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' })
    return true
  } catch {
    return false
  }
}

/** Why the browser's keys cannot encrypt (a point on P-256, a 16-byte secret), or null. */
export function keysProblem(p256dh: unknown, auth: unknown): string | null {
  const key = bytes(p256dh)
  if (!key || key.length !== 65 || key[0] !== 4 || !onCurve(key))
    return 'subscription.keys.p256dh must be a P-256 public key (base64url)'
  if (bytes(auth)?.length !== 16) return 'subscription.keys.auth must be 16 bytes (base64url)'
  return null
}

/**
 * Why the URL may not be a push endpoint without looking it up, or null. With private addresses allowed (tests, the
 * local fake push service) any host and port will do.
 */
export function endpointShapeProblem(endpoint: unknown, allowPrivate: boolean): string | null {
  if (typeof endpoint !== 'string' || !endpoint) return 'subscription.endpoint must be a URL'
  if (endpoint.length > ENDPOINT_MAX) return `subscription.endpoint must be at most ${ENDPOINT_MAX} characters`
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'subscription.endpoint must be a URL'
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'subscription.endpoint must be an https address'
  if (url.username || url.password) return 'subscription.endpoint must not carry a user name or password'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && !isPublicAddress(host))))
    return 'subscription.endpoint must be on the public internet, not a private or local address'
  if (!allowPrivate && url.port && url.port !== '443') return 'subscription.endpoint must be on port 443'
  if (!allowPrivate && !isPushService(host)) return 'subscription.endpoint must be on a browser push service (PUSH_SERVICE_HOSTS)'
  return null
}

/** The shape's problem, else the host's: every address it resolves to must be public. Nothing is fetched. */
export async function endpointProblem(
  endpoint: unknown,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<{ address: string }[]> = (host) => lookup(host, { all: true }),
): Promise<string | null> {
  const shape = endpointShapeProblem(endpoint, allowPrivate)
  if (shape || allowPrivate) return shape
  const host = new URL(endpoint as string).hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return null
  try {
    const addresses = await resolve(host)
    if (!addresses.length || addresses.some(({ address }) => !isPublicAddress(address)))
      return 'subscription.endpoint must be on the public internet, not a private or local address'
  } catch {
    return 'subscription.endpoint names a host that does not resolve'
  }
  return null
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    if (!addresses.length || addresses.some(({ address }) => !isPublicAddress(address)))
      return callback(new Error('Refused: the push endpoint is on a private network'), '', 0)
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

let guarded: Agent | undefined
let open: Agent | undefined

/**
 * The connection pool sends go through: public addresses only, unless private ones are allowed (tests). One pool
 * per push service origin; HTTP/2 where the service offers it in TLS's ALPN (FCM, autopush, Apple and Windows do),
 * each connection then multiplexing up to 100 messages.
 */
export function pushAgent(allowPrivate: boolean): Agent {
  if (allowPrivate) return (open ??= new Agent({ connect: { timeout: 10_000 }, connections: 64, allowH2: true }))
  return (guarded ??= new Agent({ connect: { timeout: 10_000, lookup: guardedLookup }, connections: 64, allowH2: true }))
}
