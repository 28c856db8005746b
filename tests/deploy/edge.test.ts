import { rmSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/deploy/run.ts'
import type { LocalS3 } from '../../scripts/deploy/local-s3.ts'
import { CLOUDFRONT_MAX_BYTES, toCloudFrontFunction } from '../../src/lib/edge/cloudfront.ts'
import { toWorker } from '../../src/lib/edge/worker.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import { loadCloudFront, loadWorker, r2Binding, type Answer } from './edge-harness.ts'
import { makeSite, startBucket } from './fixture.ts'
import { hostile, misses, pages, redirects } from './routes.ts'

const rules = hostRules()
const workerSource = toWorker(rules)
const cloudFrontSource = toCloudFrontFunction(rules)
let site: { root: string; files: string[] }
let s3: LocalS3
let worker: Awaited<ReturnType<typeof loadWorker>>
let cloudFront: ReturnType<typeof loadCloudFront>

beforeAll(async () => {
  site = makeSite()
  let config
  ;({ s3, config } = await startBucket('site'))
  await deploy({ root: site.root, config, journalDir: `${site.root}/.journal` })
  worker = await loadWorker(workerSource, {
    BUCKET: r2Binding(async (key) => Promise.resolve(s3.objects.get(key))),
    PREFIX: 'site/',
  })
  cloudFront = loadCloudFront(cloudFrontSource, (key) => s3.objects.get(`site/${key}`))
}, 120_000)
afterAll(async () => {
  await s3.close()
  rmSync(site.root, { recursive: true, force: true })
})

const titleOf = (answer: Answer): string => /<title>([^<]*)<\/title>/.exec(answer.body.toString())?.[1] ?? ''

/** A redirect may only name a path on the same origin, with no control characters or backslashes. */
function expectSafe(answer: Answer, path: string): void {
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.location ?? ''
    expect(location, path).toMatch(/^\/(?![/\\])[^\s\\]*$/)
    expect(new URL(location, 'https://porchlight.example').origin, path).toBe('https://porchlight.example')
  } else expect(answer.status, path).toBe(404)
}

describe.each([
  ['Cloudflare Worker over R2', () => worker],
  ['CloudFront Function over S3', () => async (path: string) => Promise.resolve(cloudFront(path))],
])('%s', (_, client) => {
  it.each(redirects)('%s redirects %i to %s', async (path, status, location) => {
    const answer = await client()(path)
    expect(answer.status).toBe(status)
    expect(answer.location).toBe(location)
  })
  it.each(pages)('%s serves %s', async (path, file) => {
    const answer = await client()(path)
    expect(answer.status).toBe(200)
    expect(titleOf(answer)).toBe(file)
  })
  it('keeps the query string on redirects', async () => {
    expect((await client()('/weather?utm_source=x&b')).location).toBe('/wa/duvall?utm_source=x&b')
  })
  it.each(hostile)('refuses the open-redirect trick %s', async (path) => {
    expectSafe(await client()(path), path)
  })
  it('answers misses with 404 and the 404 page', async () => {
    for (const [path] of misses) {
      const answer = await client()(path)
      expect(answer.status, path).toBe(404)
      expect(titleOf(answer), path).toMatch(/(^|\/)404\.html$/)
    }
  })
})

describe('Cloudflare Worker specifics', () => {
  it.each(misses)('%s gets the nearest 404 page, %s', async (path, file) => {
    const answer = await worker(path)
    expect(answer.status).toBe(404)
    expect(titleOf(answer)).toBe(file)
  })
  it('sends the brotli or gzip copy by Accept-Encoding, with Vary', async () => {
    const plain = await worker('/wa/duvall')
    const br = await worker('/wa/duvall', { 'accept-encoding': 'gzip, deflate, br' })
    const gz = await worker('/wa/duvall', { 'accept-encoding': 'gzip' })
    expect(plain.headers.get('content-encoding')).toBe(null)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const png = await worker('/icon.png', { 'accept-encoding': 'br' })
    expect(png.headers.get('content-encoding')).toBe(null)
    expect(png.headers.get('content-type')).toBe('image/png')
  })
  it('sends the deploy cache headers and answers If-None-Match with 304', async () => {
    const asset = await worker('/_astro/client.BSdmDzVD.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await worker('/wa/duvall')).headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400')
    const etag = asset.headers.get('etag') ?? ''
    expect((await worker('/_astro/client.BSdmDzVD.js', { 'if-none-match': etag })).status).toBe(304)
  })
  it('serves /.well-known/ but not the host rule files, and only GET and HEAD', async () => {
    expect((await worker('/robots.txt')).status).toBe(200)
    expect((await worker('/.well-known/security.txt')).status).toBe(200)
    // The host rule files are not content: 404, as on Netlify, Cloudflare Pages and npm run serve.
    expect((await worker('/_redirects')).status).toBe(404)
    const post = await worker('/wa/duvall', {}, 'POST')
    expect(post.status).toBe(405)
    const head = await worker('/wa/duvall', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})

describe('CloudFront Function limits', () => {
  it('fits in 10 KB and uses no syntax or API beyond cloudfront-js-2.0', () => {
    expect(Buffer.byteLength(cloudFrontSource)).toBeLessThanOrEqual(CLOUDFRONT_MAX_BYTES)
    expect(cloudFrontSource).not.toMatch(/=>|\blet\b|\bconst\b|`|\basync\b|\bawait\b|\brequire\(|^import /m)
  })
})

// The Worker over the real test build: tests/built/edge.test.ts (npm run test:built, after the build).
