// A push service endpoint and keys from a browser: untrusted. Refused (with the reason) unless it is an https URL whose
// host resolves to public addresses only; sending connects through a lookup that checks again (DNS may change).
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
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/

const bytes = (text: unknown): Buffer | null =>
  typeof text === 'string' && text.length <= 200 && B64URL.test(text) ? Buffer.from(text, 'base64url') : null

/** Why the browser's keys cannot encrypt (P-256 public key, 16-byte secret), or null. */
export function keysProblem(p256dh: unknown, auth: unknown): string | null {
  const key = bytes(p256dh)
  if (!key || key.length !== 65 || key[0] !== 4) return 'subscription.keys.p256dh must be a P-256 public key (base64url)'
  if (bytes(auth)?.length !== 16) return 'subscription.keys.auth must be 16 bytes (base64url)'
  return null
}

/** Why the URL may not be a push endpoint without looking it up, or null. */
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

/** The connection pool sends go through: public addresses only, unless private ones are allowed (tests). */
export function pushAgent(allowPrivate: boolean): Agent {
  if (allowPrivate) return (open ??= new Agent({ connect: { timeout: 10_000 }, connections: 64 }))
  return (guarded ??= new Agent({ connect: { timeout: 10_000, lookup: guardedLookup }, connections: 64 }))
}
