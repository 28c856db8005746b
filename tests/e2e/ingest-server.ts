// A local stand-in for Application Insights' ingestion endpoint: keeps the envelopes posted to
// /v2/track so tests/e2e/telemetry.spec.ts can read them back. The test build configures telemetry,
// so every e2e page may send here: it always runs, answers at once and keeps only the newest.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

const PORT = Number(process.env['PORT'] ?? 8790)
const KEEP = 20_000

type Envelope = { name?: string; tags?: Record<string, string>; data?: { baseType?: string; baseData?: unknown } }
let envelopes: Envelope[] = []

/** The SDK posts a JSON array; with emitLineDelimitedJson, one JSON object per line. */
function parse(body: string): Envelope[] {
  try {
    const value: unknown = JSON.parse(body)
    return (Array.isArray(value) ? value : [value]) as Envelope[]
  } catch {
    return body
      .split('\n')
      .filter((line) => line.trim())
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Envelope]
        } catch {
          return []
        }
      })
  }
}

function send(request: IncomingMessage, response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, {
    // Beacons carry credentials, so the origin is echoed rather than '*'.
    'access-control-allow-origin': request.headers.origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'content-type': 'application/json',
  })
  response.end(body === undefined ? undefined : JSON.stringify(body))
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${PORT}`)
  if (request.method === 'OPTIONS') return send(request, response, 204)
  if (request.method === 'GET' && url.pathname === '/health') return send(request, response, 200, { ok: true })
  // What one anonymous user (the SDK's ai_user cookie id) has sent.
  if (request.method === 'GET' && url.pathname === '/envelopes') {
    const user = url.searchParams.get('user')
    return send(request, response, 200, user ? envelopes.filter((envelope) => envelope.tags?.['ai.user.id'] === user) : [])
  }
  if (request.method === 'POST' && /\/v2(\.1)?\/track$/.test(url.pathname)) {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const received = parse(Buffer.concat(chunks).toString('utf8'))
      envelopes = [...envelopes, ...received].slice(-KEEP)
      send(request, response, 200, { itemsReceived: received.length, itemsAccepted: received.length, errors: [] })
    })
    return
  }
  send(request, response, 404, {})
}).listen(PORT)
