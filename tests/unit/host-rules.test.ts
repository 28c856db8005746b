import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScope } from '../../src/lib/routing/build-scope.ts'
import { localePrefix } from '../../src/lib/routing/routes.ts'
import { sitePages } from '../../src/lib/routing/page-list.ts'
import { toAzureJson, toNginxConf, toRedirectsFile, toRegex, toVercelJson } from '../../src/lib/routing/host-formats.ts'
import { SEGMENT_CLASS, hostRules, isSameOriginPath, matchRule, parseRedirects } from '../../src/lib/routing/host-rules.ts'
import { resolveMiss } from '../../src/lib/routing/resolve-miss.ts'

const rules = hostRules()
const match = (path: string) => matchRule(rules, path)

describe('matchRule', () => {
  it.each([
    ['/', '/wa/duvall', 302],
    ['/weather', '/wa/duvall', 302],
    ['/statuses', '/wa/duvall/statuses', 302],
    ['/cameras', '/wa/duvall/cameras', 302],
    ['/roads', '/wa/duvall/roads', 302],
    ['/local', '/wa/duvall/local', 302],
    ['/home/wa/duvall', '/wa/duvall', 301],
    ['/weather/wa/duvall', '/wa/duvall', 301],
    ['/statuses/or/portland', '/or/portland/statuses', 301],
    ['/page/wa/duvall', '/wa/duvall/page', 301],
    ['/wa/duvall/weather', '/wa/duvall', 301],
    ['/de/dover/weather', '/de/dover', 301],
    ['/es', '/es/wa/duvall', 302],
    ['/es/', '/es/wa/duvall', 302],
    ['/de/weather', '/de/wa/duvall', 302],
    ['/de/roads/wa/duvall', '/de/wa/duvall/roads', 301],
    ['/ja/wa/duvall/weather', '/ja/wa/duvall', 301],
    ['/z/47.74/-121.99', '/z/shell/weather', 200],
    ['/z/47.74/-121.99/weather', '/z/shell/weather', 200],
    ['/z/47.74/-121.99/roads', '/z/shell/roads', 200],
    ['/fr/z/1/2/local', '/fr/z/shell/local', 200],
    ['/reset/abc123', '/reset', 200],
    ['/zh/reset/abc123', '/zh/reset', 200],
    ['/de/de/dover/weather', '/de/de/dover', 301],
  ])('%s → %s (%i)', (path, to, status) => {
    expect(match(path)).toEqual({ to, status })
  })
  it.each(['/wa/duvall', '/wa/duvall/roads', '/settings', '/page', '/de/dover', '/es/no/such/page', '/nothing/at/all/here/now'])(
    'leaves %s to the files',
    (path) => {
      expect(match(path)).toBeNull()
    },
  )
})

describe('rules and pages', () => {
  const text = readFileSync('public/data/cities.txt', 'utf8')
  it('stay within Cloudflare Pages limits (100 dynamic, 2,000 static rules)', () => {
    expect(rules.filter((r) => r.from.includes(':')).length).toBeLessThanOrEqual(100)
    expect(rules.length).toBeLessThanOrEqual(2100)
  })
  it('never match a page that exists (Cloudflare applies rules before files)', () => {
    const pages = sitePages(text, readScope({ BUILD_LOCALES: 'en,de' }))
    const urls = pages.filter((p) => p.kind !== 'home' && p.kind !== 'coord').map((p) => `${localePrefix(p.locale)}/${p.path}`)
    expect(urls.length).toBeGreaterThan(240_000)
    expect(urls.filter((url) => match(url))).toEqual([])
  })
})

describe('host files', () => {
  it('round-trips _redirects', () => {
    expect(parseRedirects(toRedirectsFile(rules))).toEqual(rules)
    expect(parseRedirects('# comment\n\n/a /b\n/c /d 418')).toEqual([{ from: '/a', to: '/b', status: 301 }])
  })
  it('writes valid vercel.json and Azure config', () => {
    const vercel = JSON.parse(toVercelJson(rules)) as { redirects: unknown[]; rewrites: unknown[] }
    expect(vercel.redirects.length + vercel.rewrites.length).toBe(rules.length)
    expect(JSON.parse(toAzureJson())).toHaveProperty('responseOverrides.404.rewrite', '/404.html')
  })
  it('writes nginx rules as regular expressions', () => {
    const conf = toNginxConf(rules)
    const seg = `(${SEGMENT_CLASS})`
    expect(conf).toContain(`rewrite "^/statuses/${seg}/${seg}/?$" /$1/$2/statuses permanent;`)
    expect(conf).toContain(`rewrite "^/z/${seg}/${seg}/${seg}/?$" /z/shell/$3.html last;`)
    expect(conf).toContain('error_page 404 /404.html;')
    expect(conf).toContain('location /es/ { error_page 404 /es/404.html;')
  })
})

describe('resolveMiss (the 404 page on hosts without rules)', () => {
  it('applies the rules', () => {
    expect(resolveMiss('/roads/wa/duvall', match)).toEqual({ kind: 'redirect', to: '/wa/duvall/roads' })
    expect(resolveMiss('/z/1/2/local', match)).toEqual({ kind: 'rewrite', to: '/z/shell/local' })
  })
  it('retries in lower case', () => {
    expect(resolveMiss('/WA/Duvall', match)).toEqual({ kind: 'redirect', to: '/wa/duvall' })
    expect(resolveMiss('/Roads/WA/Duvall', match)).toEqual({ kind: 'redirect', to: '/wa/duvall/roads' })
  })
  it('gives up on real misses', () => {
    expect(resolveMiss('/no/such/page/here', match)).toEqual({ kind: 'none' })
  })
})

/** Paths a visitor may be lured to, decoded as a host matching the decoded path would see them. */
const HOSTILE = [
  '/home/\\evil.com/x',
  '/weather/\t/evil.com',
  '/home/wa/\r\nSet-Cookie: a=b',
  '/roads/../evil.com',
  '/home/./x',
  '/home/%5Cevil.com/x',
  '/es/home/\\evil.com/x',
  '/z/\\evil.com/1',
]

describe('hostile paths', () => {
  it('never match a rule through a segment that is not a plain slug, number or token', () => {
    for (const path of HOSTILE) expect(match(path), path).toBeNull()
    expect(match('/reset/AbC-123_x')).toEqual({ to: '/reset', status: 200 })
  })

  it('tells same-origin paths from ones a browser sends elsewhere', () => {
    for (const path of ['/', '/wa/duvall', '/es/wa/duvall/roads', '/z/shell/weather']) expect(isSameOriginPath(path)).toBe(true)
    for (const path of ['//evil.com', '/\\evil.com', '/\tx', 'evil.com', 'https://evil.com/', '/a\r\nb', '/a b', ''])
      expect(isSameOriginPath(path), JSON.stringify(path)).toBe(false)
  })

  it('keep the nginx rules from matching them (nginx matches the decoded path)', () => {
    const patterns = rules.map((rule) => new RegExp(toRegex(rule.from).regex))
    for (const path of HOSTILE)
      expect(
        patterns.filter((pattern) => pattern.test(path)),
        path,
      ).toEqual([])
    expect(patterns.some((pattern) => pattern.test('/home/wa/duvall'))).toBe(true)
  })

  it('limit vercel.json placeholders to the same segments', () => {
    const vercel = JSON.parse(toVercelJson(rules)) as { redirects: { source: string }[] }
    expect(vercel.redirects).toContainEqual(
      expect.objectContaining({ source: `/home/:state(${SEGMENT_CLASS})/:city(${SEGMENT_CLASS})` }),
    )
  })

  it('never make the 404 page leave the site', () => {
    // location.pathname as a browser gives it: percent-encoded, but `//` kept.
    for (const path of [
      '//evil.com/X',
      '//Evil.com',
      '/%5CEvil.com/x',
      '/home/%5CEvil.com/x',
      '/weather/%09/evil.com',
      '/.//evil.com/',
    ]) {
      const action = resolveMiss(path, match)
      if (action.kind !== 'none') expect(isSameOriginPath(action.to), `${path} → ${action.to}`).toBe(true)
    }
    expect(resolveMiss('//Evil.com/X', match)).toEqual({ kind: 'none' })
    expect(resolveMiss('/Home/WA/Duvall', match)).toEqual({ kind: 'redirect', to: '/wa/duvall' })
  })
})
