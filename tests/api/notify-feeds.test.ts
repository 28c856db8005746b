import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atomEntries, atomProblems } from '../unit/notify/atom-rules.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('place feeds on $name', (backend) => {
  let api: Harness
  let admin: string
  const create = async (fields: Record<string, unknown>) =>
    (await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })).body.id as number
  const titles = (xml: string) => atomEntries(xml).map((entry) => String((entry['title'] as { '#text': string })['#text']))

  beforeAll(async () => {
    api = await startHarness(backend, { SITE_URL: 'https://porchlight.example' })
    admin = (await api.signIn('superadmin')).token
    await create({ title: 'Schools two hours late', priority: 'Warning', lines: ['Buses on snow routes'] })
    await create({ title: 'Library closed', priority: 'Info' })
    await create({ title: 'Hidden draft', isActive: false })
    await create({ title: 'Test layer', layer: 2 })
    await create({ title: 'SR 203 closed', dataAspect: 'roads', priority: 'Critical' })
    await create({ title: 'Far away', lat: 40, lon: -100, pageName: null, cityName: null, areaMiles: 1 })
  })
  afterAll(() => api.close())

  it('answers the place’s public statuses as valid Atom, most pressing first, cacheable', async () => {
    const { status, body, headers } = await api.send('GET', '/api/feeds/wa/duvall/statuses.atom')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(headers.get('cache-control')).toBe('public, max-age=60')
    expect(headers.get('etag')).toMatch(/^".+"$/)
    expect(Date.parse(headers.get('last-modified')!)).toBeGreaterThan(0)
    expect(atomProblems(body)).toEqual([])
    expect(titles(body)).toEqual(['Warning: Schools two hours late', 'Info: Library closed'])
    expect(body).toContain('https://porchlight.example/wa/duvall/statuses#item-')
  })

  it('answers roads and JSON Feed, in the asked language', async () => {
    expect(titles((await api.send('GET', '/api/feeds/wa/duvall/roads.atom')).body)).toEqual(['Critical: SR 203 closed'])
    const { status, body } = await api.send('GET', '/api/feeds/wa/duvall/statuses.json?lang=de')
    expect(status).toBe(200)
    expect(body.items.map((item: { url: string }) => item.url)[0]).toMatch(
      /^https:\/\/porchlight\.example\/de\/wa\/duvall\/statuses#item-\d+$/,
    )
  })

  it('answers JSON Feed 1.1: version, language, authors, plain titles and items with content', async () => {
    const { status, body, headers } = await api.send('GET', '/api/feeds/wa/duvall/statuses.json?lang=es')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    expect(body).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: expect.stringContaining('Duvall, WA'),
      home_page_url: 'https://porchlight.example/es/wa/duvall/statuses',
      feed_url: expect.stringMatching(/\/api\/feeds\/wa\/duvall\/statuses\.json$/),
      language: 'es',
      authors: [{ name: 'Porchlight', url: 'https://porchlight.example' }],
    })
    expect(body).not.toHaveProperty('author')
    expect(body.items.length).toBeGreaterThan(0)
    for (const item of body.items as Record<string, unknown>[]) {
      expect(typeof item['id']).toBe('string')
      expect(item['url']).toMatch(/^https:\/\/porchlight\.example\/es\/wa\/duvall\/statuses#item-\d+$/)
      expect(typeof item['content_html'] === 'string' || typeof item['content_text'] === 'string').toBe(true)
      expect(Date.parse(String(item['date_modified']))).toBeGreaterThan(0)
      expect(item).not.toHaveProperty('author')
    }
  })

  it('gives each entry its text as paragraphs, the state in the reader’s language and capitalised', async () => {
    const id = await create({ title: 'Pool & gym', state: 'closed', priority: 'Warning', lines: ['Line one\nLine <two>'] })
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
    const xml = (await api.send('GET', '/api/feeds/wa/duvall/statuses.atom?lang=es')).body as string
    expect(atomProblems(xml)).toEqual([])
    const entry = atomEntries(xml).find((one) => String(one['id']).endsWith(`/items/${id}`))!
    const content = entry['content'] as { '#text': string; '@type': string }
    expect(content['@type']).toBe('html')
    expect(content['#text']).toBe('<p>Cerrado</p><p>Line one</p><p>Line &lt;two&gt;</p>')
    expect(String((entry['summary'] as { '#text': string })['#text'])).toBe('Cerrado · Line one')
    const json = (await api.send('GET', '/api/feeds/wa/duvall/statuses.json?lang=es')).body
    const item = json.items.find((one: { id: string }) => one.id.endsWith(`/items/${id}`))
    expect(item.title).toBe('Advertencia: Pool & gym')
    expect(item.content_html).toBe('<p>Cerrado</p><p>Line one</p><p>Line &lt;two&gt;</p>')
    expect(item.content_text).toBe('Cerrado\n\nLine one\n\nLine <two>')
    expect(item.content_text).not.toMatch(/^closed/)
  })

  it('links its JSON Feed from the Atom document', async () => {
    const xml = (await api.send('GET', '/api/feeds/wa/duvall/roads.atom')).body as string
    expect(atomProblems(xml)).toEqual([])
    expect(xml).toMatch(
      /<link rel="alternate" type="application\/feed\+json" href="[^"]+\/api\/feeds\/wa\/duvall\/roads\.json"\/>/,
    )
  })

  it('answers 304 to its ETag and Last-Modified, and a new ETag after a write', async () => {
    const first = await api.send('GET', '/api/feeds/wa/duvall/statuses.atom')
    const etag = first.headers.get('etag')!
    expect((await api.send('GET', '/api/feeds/wa/duvall/statuses.atom', { headers: { 'if-none-match': etag } })).status).toBe(304)
    const since = first.headers.get('last-modified')!
    expect(
      (await api.send('GET', '/api/feeds/wa/duvall/statuses.atom', { headers: { 'if-modified-since': since } })).status,
    ).toBe(304)
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
    await create({ title: 'Water main break', priority: 'Urgent' })
    const after = await api.send('GET', '/api/feeds/wa/duvall/statuses.atom', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(titles(after.body)[0]).toBe('Urgent: Water main break')
  })

  it('refuses unknown places, sections, formats and languages', async () => {
    for (const path of [
      '/api/feeds/wa/nowhere/statuses.atom',
      '/api/feeds/wa/duvall/cameras.atom',
      '/api/feeds/wa/duvall/statuses.rss',
      '/api/feeds/w1/duvall/statuses.atom',
    ])
      expect((await api.send('GET', path)).status, path).toBe(404)
    expect((await api.send('GET', '/api/feeds/wa/duvall/statuses.atom?lang=xx')).status).toBe(400)
  })

  it('leaves the feed health routes where they were', async () => {
    expect((await api.send('GET', '/api/feeds')).status).toBe(401)
  })
})
