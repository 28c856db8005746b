// Runs the generated edge code in Node: the Worker's fetch handler over an R2-like binding, and the
// CloudFront Function in a vm with CloudFront's event shape, S3 behind it and the custom 404 page.
import { readFile } from 'node:fs/promises'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runInNewContext } from 'node:vm'

export type StoredLike = { body: Buffer; contentType: string; cacheControl: string; contentEncoding: string; etag: string }
export type Answer = { status: number; location: string | null; headers: Headers; body: Buffer }

/** The subset of Cloudflare's R2 binding the Worker uses: get(key, { onlyIf }) with HTTP metadata. */
export function r2Binding(read: (key: string) => Promise<StoredLike | undefined>) {
  return {
    async get(key: string, options: { onlyIf?: Headers } = {}) {
      const stored = await read(key)
      if (!stored) return null
      const object = {
        key,
        size: stored.body.length,
        httpEtag: stored.etag,
        writeHttpMetadata(headers: Headers) {
          if (stored.contentType) headers.set('content-type', stored.contentType)
          if (stored.cacheControl) headers.set('cache-control', stored.cacheControl)
          if (stored.contentEncoding) headers.set('content-encoding', stored.contentEncoding)
        },
      }
      if (options.onlyIf?.get('if-none-match') === stored.etag) return object
      return { ...object, body: new Blob([new Uint8Array(stored.body)]).stream() }
    },
  }
}

/** A binding straight over a built dist/ folder (no upload), for routing checks on real pages. */
export function folderBinding(root: string) {
  return r2Binding(async (key) => {
    if (/(^|\/)\.\.?(\/|$)/.test(key) || /\.(br|gz)$/.test(key)) return undefined
    const body = await readFile(join(root, key)).catch(() => undefined)
    const type = key.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream'
    return body && { body, contentType: type, cacheControl: '', contentEncoding: '', etag: '"x"' }
  })
}

type Worker = { fetch(request: Request, env: unknown): Promise<Response> }

/** Imports a generated Worker module and returns a client for it. */
export async function loadWorker(
  source: string,
  env: unknown,
): Promise<(path: string, headers?: Record<string, string>, method?: string) => Promise<Answer>> {
  const file = join(mkdtempSync(join(tmpdir(), 'porchlight-worker-')), 'worker.mjs')
  writeFileSync(file, source)
  const worker = ((await import(pathToFileURL(file).href)) as { default: Worker }).default
  return async (path, headers = {}, method = 'GET') => {
    const response = await worker.fetch(new Request(`https://porchlight.example${path}`, { headers, method }), env)
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    }
  }
}

type CfResponse = { statusCode: number; headers: Record<string, { value: string }> }
type CfRequest = { uri: string }

/**
 * CloudFront in front of S3: the function runs on the viewer request; a returned response is sent
 * as is, else the (possibly rewritten) URI is fetched from the bucket, and a miss gets the
 * distribution's custom error response (/404.html, status 404).
 */
export function loadCloudFront(source: string, read: (key: string) => StoredLike | undefined): (path: string) => Answer {
  const context: { handler?: (event: unknown) => CfResponse | CfRequest } = {}
  runInNewContext(`${source}\nthis.handler = handler`, context)
  const handler = context.handler
  if (!handler) throw new Error('no handler in the CloudFront Function')
  return (path) => {
    const [uri = '/', search = ''] = path.split(/\?(.*)/s)
    const querystring: Record<string, { value: string }> = {}
    for (const pair of search.split('&').filter(Boolean)) {
      const [name = '', value = ''] = pair.split('=')
      querystring[name] = { value }
    }
    const event = {
      version: '1.0',
      context: { eventType: 'viewer-request' },
      viewer: { ip: '127.0.0.1' },
      request: { method: 'GET', uri, querystring, headers: {}, cookies: {} },
    }
    const result = handler(event)
    if ('statusCode' in result) {
      const headers = new Headers(Object.entries(result.headers).map(([k, v]): [string, string] => [k, v.value]))
      return { status: result.statusCode, location: headers.get('location'), headers, body: Buffer.alloc(0) }
    }
    const key = decodeURIComponent(result.uri.slice(1))
    const hit = read(key)
    const page = hit ?? read('404.html')
    return {
      status: hit ? 200 : 404,
      location: null,
      headers: new Headers({ 'content-type': page?.contentType ?? '' }),
      body: page?.body ?? Buffer.alloc(0),
    }
  }
}
