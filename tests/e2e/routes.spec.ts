import { existsSync } from 'node:fs'
import { expect, test } from '@playwright/test'

// Every route form of SPEC section 2 answers with the page or a redirect to it (served with the host rules).
const redirects: [string, number, string][] = [
  ['/', 302, '/wa/duvall'],
  ['/weather', 302, '/wa/duvall'],
  ['/statuses', 302, '/wa/duvall/statuses'],
  ['/cameras', 302, '/wa/duvall/cameras'],
  ['/roads', 302, '/wa/duvall/roads'],
  ['/local', 302, '/wa/duvall/local'],
  ['/home/wa/duvall', 301, '/wa/duvall'],
  ['/weather/wa/duvall', 301, '/wa/duvall'],
  ['/statuses/wa/duvall', 301, '/wa/duvall/statuses'],
  ['/cameras/wa/duvall', 301, '/wa/duvall/cameras'],
  ['/roads/wa/duvall', 301, '/wa/duvall/roads'],
  ['/local/wa/duvall', 301, '/wa/duvall/local'],
  ['/page/wa/duvall', 301, '/wa/duvall/page'],
  ['/wa/duvall/weather', 301, '/wa/duvall'],
  ['/wa/duvall/', 301, '/wa/duvall'],
  ['/es', 302, '/es/wa/duvall'],
  ['/de/statuses', 302, '/de/wa/duvall/statuses'],
  ['/ja/roads/wa/duvall', 301, '/ja/wa/duvall/roads'],
]
for (const [path, status, location] of redirects) {
  test(`${path} redirects to ${location}`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status()).toBe(status)
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe(location)
  })
}

const pages: [string, RegExp][] = [
  ['/wa/duvall', /Duvall, WA weather/],
  ['/wa/duvall/statuses', /Duvall, WA statuses/],
  ['/wa/duvall/cameras', /Duvall, WA traffic cameras/],
  ['/wa/duvall/roads', /Duvall, WA road conditions/],
  ['/wa/duvall/local', /Local businesses in Duvall, WA/],
  ['/wa/duvall/page', /Duvall, WA at a glance/],
  ['/de/dover', /Dover, DE weather/],
  ['/de/de/dover', /Dover, DE/],
  ['/es/wa/duvall/roads', /Duvall, WA/],
  ['/z/47.74/-121.98', /Weather/],
  ['/z/47.74/-121.98/statuses', /Statuses/],
  ['/z/47.74/-121.98/page', /Dashboard/],
  ['/settings', /Settings/],
  ['/editor', /Editor/],
  ['/page', /Dashboard/],
  ['/login', /Sign in/],
  ['/reset/some-token', /Reset password/],
  ['/auth/callback', /Sign in/],
]
for (const [path, title] of pages) {
  test(`${path} answers 200`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status()).toBe(200)
    expect(await response.text()).toMatch(new RegExp(`<title>[^<]*${title.source}`))
  })
}

test('unknown paths get a real 404 page in their language', async ({ request }) => {
  const en = await request.get('/no/such/place/here')
  expect(en.status()).toBe(404)
  expect(await en.text()).toContain('Page not found')
  const es = await request.get('/es/no/such/place')
  expect(es.status()).toBe(404)
  expect(await es.text()).toContain('lang="es"')
})

test('malformed URLs get a 404, not a crash', async ({ request }) => {
  expect((await request.get('/%E0%A4%A/x')).status()).toBe(404)
  expect((await request.get('/wa/duvall')).status()).toBe(200)
})

test('SEO files exist', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Sitemap: ')
  const index = await (await request.get('/sitemap-index.xml')).text()
  const first = /<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? ''
  const sitemap = await (await request.get(new URL(first).pathname)).text()
  expect(sitemap).toContain('/wa/duvall</loc>')
  expect(sitemap).toContain('/de/de/dover/roads</loc>')
  expect(sitemap).not.toContain('/z/shell')
  // The host rule files are written for every host format; `_redirects` and `_headers` are the host's own
  // configuration and never served (the edge parity table, tests/deploy/routes.ts).
  for (const file of ['_redirects', '_headers', 'vercel.json', 'staticwebapp.config.json', 'nginx.conf'])
    expect(existsSync(`.build/test-dist/${file}`), file).toBe(true)
  for (const file of ['_redirects', '_headers']) expect((await request.get(`/${file}`)).status(), file).toBe(404)
})
