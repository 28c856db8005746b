// The five S3 calls a deploy makes, signed with SigV4 by aws4fetch; nothing else of the S3 API is needed.
import { createHash } from 'node:crypto'
import { AwsClient } from 'aws4fetch'
import type { DeployConfig } from './config.ts'
import { RetryableError, withRetry, type RetryOptions } from './pool.ts'

export type Counters = { requests: number; bytesSent: number; retries: number }

/** RFC 3986 encoding of each key segment, as SigV4 canonicalizes S3 paths. */
const encodeKey = (key: string): string =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/')

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex')
const xmlEscape = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

export class Bucket {
  readonly counters: Counters = { requests: 0, bytesSent: 0, retries: 0 }
  private readonly client: AwsClient
  private readonly retry: RetryOptions
  private readonly config: DeployConfig

  constructor(config: DeployConfig, retry: RetryOptions = {}) {
    this.config = config
    const { accessKeyId, secretAccessKey, sessionToken, region } = config
    // retries: 0 because withRetry owns retrying (it also retries network failures and counts them).
    this.client = new AwsClient({
      accessKeyId,
      secretAccessKey,
      service: 's3',
      region,
      retries: 0,
      ...(sessionToken ? { sessionToken } : {}),
    })
    this.retry = { ...retry, onRetry: (error, attempt) => (this.counters.retries++, retry.onRetry?.(error, attempt)) }
  }

  /** The object's URL; keys are relative to the configured prefix. */
  url(key: string): string {
    return `${this.root()}/${encodeKey(this.config.prefix + key)}`
  }

  /** The bucket's own URL, for the calls on the whole bucket (DeleteObjects, ListObjectsV2). */
  private root(query = ''): string {
    const { endpoint, bucket, virtualHost } = this.config
    return virtualHost
      ? `${endpoint.replace('://', `://${bucket}.`)}${query ? `/${query}` : ''}`
      : `${endpoint}/${bucket}${query}`
  }

  private async send(method: string, url: string, body: Uint8Array | null, headers: Record<string, string>): Promise<Response> {
    return withRetry(async () => {
      this.counters.requests++
      this.counters.bytesSent += body?.length ?? 0
      const response = await this.client.fetch(url, {
        method,
        headers: { ...headers, 'x-amz-content-sha256': body ? sha256Hex(body) : sha256Hex('') },
        ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      })
      if (response.status === 429 || response.status === 408 || response.status >= 500) {
        await response.body?.cancel()
        throw new RetryableError(`${method} ${url}: ${response.status}`)
      }
      return response
    }, this.retry)
  }

  private static async fail(response: Response, what: string): Promise<never> {
    const text = await response.text()
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? ''
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? text.slice(0, 200)
    throw new Error(`${what}: ${response.status} ${code} ${message}`.trim())
  }

  async put(key: string, body: Uint8Array, headers: Record<string, string>): Promise<void> {
    const response = await this.send('PUT', this.url(key), body, headers)
    if (!response.ok) await Bucket.fail(response, `PUT ${key}`)
    await response.body?.cancel()
  }

  /** The object's bytes, or null when there is none. */
  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.send('GET', this.url(key), null, {})
    if (response.status === 404) return (await response.body?.cancel(), null)
    if (!response.ok) await Bucket.fail(response, `GET ${key}`)
    return new Uint8Array(await response.arrayBuffer())
  }

  /** DeleteObjects, up to 1,000 keys a request (the S3 limit); deleting a missing key is not an error. */
  async deleteMany(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000)
      const xml = `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${batch
        .map((key) => `<Object><Key>${xmlEscape(this.config.prefix + key)}</Key></Object>`)
        .join('')}</Delete>`
      const body = new TextEncoder().encode(xml)
      const md5 = createHash('md5').update(body).digest('base64')
      const response = await this.send('POST', this.root('?delete='), body, {
        'content-type': 'application/xml',
        'content-md5': md5,
      })
      const text = await response.text()
      if (!response.ok || text.includes('<Error>'))
        throw new Error(
          `DeleteObjects: ${response.status} ${/<Key>([^<]*)<\/Key>\s*<Code>([^<]*)/.exec(text)?.slice(1).join(' ') ?? text.slice(0, 200)}`,
        )
    }
  }

  /** ListObjectsV2 over the prefix: every key (relative to the prefix) and its size. */
  async list(): Promise<Map<string, number>> {
    const keys = new Map<string, number>()
    let token = ''
    do {
      const query = `?list-type=2&prefix=${encodeURIComponent(this.config.prefix)}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`
      const response = await this.send('GET', this.root(query), null, {})
      if (!response.ok) await Bucket.fail(response, 'ListObjectsV2')
      const text = await response.text()
      for (const [, key = '', size = '0'] of text.matchAll(
        /<Contents>.*?<Key>([^<]*)<\/Key>.*?<Size>(\d+)<\/Size>.*?<\/Contents>/gs,
      ))
        keys.set(unescapeXml(key).slice(this.config.prefix.length), Number(size))
      token = /<IsTruncated>true<\/IsTruncated>/.test(text)
        ? unescapeXml(/<NextContinuationToken>([^<]*)</.exec(text)?.[1] ?? '')
        : ''
    } while (token)
    return keys
  }
}

const unescapeXml = (text: string): string =>
  text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(Number(e[1] === 'x' ? `0${e.slice(1)}` : e.slice(1)))
      : (({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? ''),
  )
