// The security headers: one policy (src/lib/security-headers.ts), emitted alike by every host format.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { toCloudFrontFunction } from '../../src/lib/edge/cloudfront.ts'
import { toWorker } from '../../src/lib/edge/worker.ts'
import { toAzureJson, toNginxConf, toVercelJson } from '../../src/lib/routing/host-formats.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import {
  contentSecurityPolicy,
  headersForPath,
  inlineScriptHashes,
  parseHeadersFile,
  securityHeaderBlocks,
  sourcesFromEnv,
  toHeadersFile,
} from '../../src/lib/security-headers.ts'
import { loadCloudFront, loadWorker, r2Binding } from './edge-harness.ts'
import { POLICY } from './fixture.ts'

const blocks = securityHeaderBlocks(POLICY)
const csp = contentSecurityPolicy(POLICY)
const directive = (policy: string, name: string): string =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? ''

describe('the policy', () => {
  it('allows the inline scripts by hash and only the hosts the site calls', () => {
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' https://accounts.google.com/gsi/client",
    )
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
    const connect = directive(csp, 'connect-src')
    for (const host of [
      'https://api.porchlight.example',
      'https://westus-0.in.applicationinsights.azure.com',
      'https://api.open-meteo.com',
      'https://air-quality-api.open-meteo.com',
      'https://marine-api.open-meteo.com',
      'https://earthquake.usgs.gov',
      'https://api.weather.gov',
      'https://mesonet.agron.iastate.edu',
      'https://accounts.google.com/gsi/',
    ])
      expect(connect.split(' ')).toContain(host)
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(csp, 'object-src')).toBe("object-src 'none'")
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https:")
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://accounts.google.com/gsi/")
  })

  it('leaves Google and telemetry out when the build has neither', () => {
    const bare = contentSecurityPolicy({ ...sourcesFromEnv({}), scriptHashes: [] })
    expect(bare).not.toContain('google')
    expect(bare).not.toContain('visualstudio')
    expect(directive(bare, 'connect-src')).toContain('http://localhost:8787')
    expect(directive(bare, 'frame-src')).toBe("frame-src 'self'")
  })

  it('hashes executable inline scripts only', () => {
    const html =
      '<script></script><script type="module" src="/a.js"></script><script type="application/ld+json">{}</script><script>a()</script>'
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
    ])
  })

  it('sends the rest of the headers on every path', () => {
    const headers = headersForPath(blocks, '/wa/duvall')
    expect(headers).toMatchObject({
      'Content-Security-Policy': csp,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': 'max-age=63072000',
    })
    expect(headers['Permissions-Policy']).toContain('geolocation=(self)')
  })

  it('lets one FRAMING line open a path to framing', () => {
    const framed = securityHeaderBlocks(POLICY, [{ path: '/embed/*', frameAncestors: '*' }])
    const embed = headersForPath(framed, '/embed/wa/duvall')
    expect(directive(embed['Content-Security-Policy'] ?? '', 'frame-ancestors')).toBe('frame-ancestors *')
    expect(embed['X-Frame-Options']).toBeUndefined()
    expect(headersForPath(framed, '/editor')['X-Frame-Options']).toBe('DENY')
    const file = toHeadersFile(framed)
    expect(file).toContain('/embed/*\n  ! Content-Security-Policy\n  ! X-Frame-Options\n')
  })
})

describe('every host format', () => {
  it('_headers round-trips', () => {
    expect(parseHeadersFile(toHeadersFile(blocks))).toEqual(blocks)
  })

  it('vercel.json', () => {
    const vercel = JSON.parse(toVercelJson(hostRules(), blocks)) as {
      headers: { source: string; headers: { key: string; value: string }[] }[]
    }
    // The site-wide block comes first; with a FRAMING line it leaves the framable paths out.
    const all = vercel.headers[0]
    expect(all?.source).toBe('/((?!embed/).*)')
    expect(Object.fromEntries(all?.headers.map((h) => [h.key, h.value]) ?? [])).toEqual(headersForPath(blocks, '/'))
  })

  it('staticwebapp.config.json', () => {
    const azure = JSON.parse(toAzureJson(blocks)) as { globalHeaders: Record<string, string> }
    expect(azure.globalHeaders).toEqual(headersForPath(blocks, '/'))
  })

  it('nginx.conf: on every location, HSTS only over TLS', () => {
    const conf = toNginxConf(hostRules(), blocks)
    expect(conf).toContain(`add_header Content-Security-Policy "${csp}" always;`)
    expect(conf).toContain('add_header X-Frame-Options "DENY" always;')
    expect(conf).toContain('add_header Strict-Transport-Security $porchlight_hsts always;')
    expect(conf).toContain('if ($https = on) { set $porchlight_hsts "max-age=63072000"; }')
    // nginx drops the server's add_header lines in a location with its own: /_astro/ repeats them.
    const astro = conf.split('\n').find((line) => line.startsWith('location /_astro/')) ?? ''
    expect(astro).toContain('add_header Content-Security-Policy')
    expect(astro).toContain('add_header Cache-Control')
  })

  it('the Cloudflare Worker, on pages, redirects, 404s and 405s', async () => {
    const page = Buffer.from('<title>x</title>')
    const worker = await loadWorker(toWorker(hostRules(), blocks), {
      BUCKET: r2Binding(async (key) =>
        Promise.resolve(
          key === 'wa/duvall.html' || key === '404.html'
            ? { body: page, contentType: 'text/html; charset=utf-8', cacheControl: '', contentEncoding: '', etag: '"e"' }
            : undefined,
        ),
      ),
    })
    for (const [path, method] of [
      ['/wa/duvall', 'GET'],
      ['/home/wa/duvall', 'GET'],
      ['/nothing/here', 'GET'],
      ['/wa/duvall', 'POST'],
    ] as const) {
      const answer = await worker(path, {}, method)
      expect(answer.headers.get('content-security-policy'), path).toBe(csp)
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY')
      expect(answer.headers.get('strict-transport-security'), path).toBe('max-age=63072000')
      expect(answer.headers.get('permissions-policy'), path).toContain('geolocation=(self)')
    }
  })

  it('the CloudFront Function, on its redirects and as the viewer-response function', () => {
    const source = toCloudFrontFunction(hostRules(), blocks)
    const redirect = loadCloudFront(source, () => undefined)('/home/wa/duvall')
    expect(redirect.headers.get('content-security-policy')).toBe(csp)
    const context: { handler?: (event: unknown) => { headers: Record<string, { value: string }> } } = {}
    runInNewContext(`${source}\nthis.handler = handler`, context)
    const response = context.handler?.({
      version: '1.0',
      context: { eventType: 'viewer-response' },
      request: { method: 'GET', uri: '/404.html', querystring: {}, headers: {}, cookies: {} },
      response: { statusCode: 404, headers: { 'content-type': { value: 'text/html' } }, cookies: {} },
    })
    expect(response?.headers['content-security-policy']?.value).toBe(csp)
    expect(response?.headers['x-frame-options']?.value).toBe('DENY')
    expect(response?.headers['strict-transport-security']?.value).toBe('max-age=63072000')
    expect(response?.headers['content-type']?.value).toBe('text/html')
  })
})
