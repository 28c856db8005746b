// A local S3-compatible server for the deploy's tests and benchmark: the five calls the deploy makes,
// kept in memory, with SigV4 verified the way S3 does it, so a wrong key or signature is refused.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StoredObject = { body: Buffer; contentType: string; cacheControl: string; contentEncoding: string; etag: string }
export type Fault = (request: { method: string; key: string }) => number | null

export type LocalS3 = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  objects: Map<string, StoredObject>
  /** Requests answered, by method, and body bytes received. */
  counts: { GET: number; PUT: number; POST: number; HEAD: number; bytesIn: number; refused: number }
  /** Makes chosen requests fail (a status such as 503), for retries and interruptions. */
  setFault(fault: Fault | null): void
  onPut: ((key: string) => void) | null
  close(): Promise<void>
}

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest()
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex')
const rfc3986 = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const xml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

function error(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`)
}

/**
 * Checks an AWS4-HMAC-SHA256 Authorization header against the request: canonical request from the
 * raw path and query, the signed headers, the payload hash (which must match the body), and the
 * date within 15 minutes. Returns the reason for refusal, or null when the signature holds.
 */
export function verifySigV4(req: IncomingMessage, body: Buffer, secrets: Map<string, string>, now = Date.now()): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    )
  if (!auth) return 'missing or malformed Authorization'
  const [, keyId = '', day = '', region = '', signedHeaders = '', signature = ''] = auth
  const secret = secrets.get(keyId)
  if (!secret) return 'unknown access key'
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate)
  if (!time || !amzDate.startsWith(day)) return 'bad x-amz-date'
  const at = Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!, +time[6]!)
  if (Math.abs(now - at) > 15 * 60_000) return 'request time too skewed'
  const payload = String(req.headers['x-amz-content-sha256'] ?? '')
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return 'x-amz-content-sha256 does not match the body'
  const names = signedHeaders.split(';')
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed'
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?')
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => rfc3986(decodeURIComponent(part.replace(/\+/g, '%20')))) as [string, string?])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : (a[1] ?? '') < (b[1] ?? '') ? -1 : 1))
    .map(([k, v = '']) => `${k}=${v}`)
    .join('&')
  const headers = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('')
  const canonical = [req.method, rawPath, query, headers, signedHeaders, payload].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request')
  const expected = hmac(key, toSign)
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'SignatureDoesNotMatch'
}

/** Starts the server on 127.0.0.1 (a free port unless given). */
export async function startLocalS3(options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'porchlight'
  const accessKeyId = 'LOCALTESTKEY'
  const secretAccessKey = 'local-test-secret-key-not-for-real-use'
  const objects = new Map<string, StoredObject>()
  const counts = { GET: 0, PUT: 0, POST: 0, HEAD: 0, bytesIn: 0, refused: 0 }
  let fault: Fault | null = null
  const state = { onPut: null as ((key: string) => void) | null }

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const method = req.method ?? 'GET'
    if (method in counts) counts[method as 'GET']++
    counts.bytesIn += body.length
    const reason = verifySigV4(req, body, new Map([[accessKeyId, secretAccessKey]]))
    if (reason) return (counts.refused++, error(res, 403, reason === 'SignatureDoesNotMatch' ? reason : 'AccessDenied', reason))
    const url = new URL(req.url ?? '/', 'http://local')
    const [, first = '', ...rest] = url.pathname.split('/')
    if (first !== bucket) return error(res, 404, 'NoSuchBucket', first)
    const key = rest.map(decodeURIComponent).join('/')
    const injected = fault?.({ method, key })
    if (injected) return error(res, injected, injected === 503 ? 'SlowDown' : 'InternalError', 'injected fault')
    if (method === 'PUT' && key) {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`
      const h = (name: string): string => String(req.headers[name] ?? '')
      objects.set(key, {
        body,
        contentType: h('content-type'),
        cacheControl: h('cache-control'),
        contentEncoding: h('content-encoding'),
        etag,
      })
      state.onPut?.(key)
      return void res.writeHead(200, { etag }).end()
    }
    if ((method === 'GET' || method === 'HEAD') && key) {
      const object = objects.get(key)
      if (!object) return error(res, 404, 'NoSuchKey', key)
      const headers: Record<string, string | number> = {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
      }
      if (object.cacheControl) headers['cache-control'] = object.cacheControl
      if (object.contentEncoding) headers['content-encoding'] = object.contentEncoding
      res.writeHead(200, headers)
      return void res.end(method === 'GET' ? object.body : undefined)
    }
    if (method === 'POST' && url.searchParams.has('delete')) {
      const md5 = createHash('md5').update(body).digest('base64')
      if (req.headers['content-md5'] !== md5) return error(res, 400, 'InvalidDigest', 'Content-MD5 does not match')
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        m[1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&'),
      )
      if (keys.length > 1000) return error(res, 400, 'MalformedXML', 'more than 1000 keys')
      for (const k of keys) objects.delete(k)
      res.writeHead(200, { 'content-type': 'application/xml' })
      return void res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>')
    }
    if (method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? ''
      const after = url.searchParams.get('continuation-token') ?? ''
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort()
      const page = keys.slice(0, 1000)
      const truncated = keys.length > page.length
      const contents = page
        .map((k) => `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)?.body.length ?? 0}</Size></Contents>`)
        .join('')
      res.writeHead(200, { 'content-type': 'application/xml' })
      return void res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page.at(-1) ?? '')}</NextContinuationToken>` : ''}</ListBucketResult>`,
      )
    }
    error(res, 400, 'NotImplemented', `${method} ${url.pathname}${url.search}`)
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks)))
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    counts,
    setFault: (f) => void (fault = f),
    get onPut() {
      return state.onPut
    },
    set onPut(f) {
      state.onPut = f
    },
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  }
}
