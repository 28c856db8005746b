// A local push service for tests: it hands out subscriptions (a P-256 key pair and auth secret it keeps, as a browser
// would), accepts Web Push messages at their endpoints, checks the VAPID signature and DECRYPTS each body with the
// subscription's keys (RFC 8291 aes128gcm, by http_ece), so the server's encryption is really tested. Answers can be
// set per subscription (410 to say it is gone, 500 to fail). Also run alone for end-to-end tests (port 8799).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

export type Received = {
  name: string
  at: number
  ttl: string | null
  urgency: string | null
  audience: string
  payload: Record<string, unknown>
}
export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } }

type Keys = { ecdh: ECDH; auth: Buffer; status: number }

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => resolve(Buffer.concat(parts)))
    request.on('error', reject)
  })

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: an ES256 JWT signed by k for this service's origin. */
function vapidAudience(header: string | undefined, origin: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '')
  if (!match) throw new Error('no VAPID authorization')
  const [head, claims, signature] = match[1]!.split('.') as [string, string, string]
  const key = Buffer.from(match[2]!, 'base64url')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: key.subarray(1, 33).toString('base64url'),
    y: key.subarray(33, 65).toString('base64url'),
  }
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('VAPID signature does not verify')
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number }
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`)
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired')
  return body.aud
}

export async function startPushFake(port = 0) {
  const keys = new Map<string, Keys>()
  const received: Received[] = []
  const failures: string[] = []
  let origin = ''

  function subscribe(name: string): FakeSubscription {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    keys.set(name, { ecdh, auth, status: 201 })
    return {
      endpoint: `${origin}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    }
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin)
      const name = url.searchParams.get('name') ?? ''
      const answer = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
        response.end(body === undefined ? '' : JSON.stringify(body))
      }
      if (url.pathname === '/health') return answer(200, { ok: true })
      if (url.pathname === '/_new') return answer(200, subscribe(name || randomBytes(6).toString('hex')))
      if (url.pathname === '/_received')
        return answer(
          200,
          received.filter((entry) => !name || entry.name === name),
        )
      if (url.pathname === '/_failures') return answer(200, failures)
      if (url.pathname === '/_status') {
        const entry = keys.get(name)
        if (entry) entry.status = Number(url.searchParams.get('status'))
        return answer(entry ? 200 : 404)
      }
      const match = /^\/push\/([\w-]+)$/.exec(url.pathname)
      const entry = match ? keys.get(match[1]!) : undefined
      if (!match || !entry || request.method !== 'POST') return answer(404)
      const body = await readBody(request)
      try {
        const audience = vapidAudience(request.headers['authorization'], origin)
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: entry.ecdh,
          authSecret: entry.auth.toString('base64url'),
        })
        if (entry.status >= 200 && entry.status < 300)
          received.push({
            name: match[1]!,
            at: Date.now(),
            ttl: (request.headers['ttl'] as string | undefined) ?? null,
            urgency: (request.headers['urgency'] as string | undefined) ?? null,
            audience,
            payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          })
        answer(entry.status)
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
        answer(400, { error: 'could not read the message' })
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    failures,
    subscribe,
    setStatus(name: string, status: number) {
      keys.get(name)!.status = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const fake = await startPushFake(Number(process.env['PUSH_FAKE_PORT'] ?? 8799))
  console.log(`push fake on ${fake.origin}`)
}
