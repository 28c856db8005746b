// A place's feed stays readable whatever staff type or feeds store, and its links come from configuration, not
// from the request's Host (issue 36).
import { XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const BAD = ['\u0000', '\u0007', '\u001B', '\u000B', '\uFFFE', '\uFFFF', '\uD800', '\uDC00x']

describe.each(await backends())('feed text and links on $name', (backend) => {
  let api: Harness
  let admin: string
  const atom = async (headers: Record<string, string> = {}) =>
    (await api.send('GET', '/api/feeds/wa/duvall/statuses.atom', { headers })).body as string

  beforeAll(async () => {
    api = await startHarness(backend, { SITE_URL: 'https://porchlight.example' })
    admin = (await api.signIn('superadmin')).token
  })
  afterAll(() => api.close())

  it('refuses staff titles, states and lines with characters XML cannot carry, naming the field', async () => {
    for (const bad of BAD) {
      for (const fields of [
        { title: `Closed${bad}` },
        { state: `open${bad}` },
        { lines: [`Line${bad}`] },
        { lines: `a\n${bad}` },
      ]) {
        const { status, body } = await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })
        expect(status, JSON.stringify(fields)).toBe(400)
        expect(JSON.stringify(body)).toContain(Object.keys(fields)[0]!)
      }
    }
    const ok = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ title: 'Tabs\tand emoji 🚧 stay', lines: 'one\r\ntwo' }),
    })
    expect(ok.status).toBe(201)
  })

  it('writes well-formed Atom even when a stored item (as a feed writes it) has control characters', async () => {
    const { body } = await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'From a feed' }) })
    // The feed engine writes rows (and their public view) directly, past the staff input's check.
    const row = await api.store.db.selectFrom('items').select('view').where('id', '=', body.id).executeTakeFirstOrThrow()
    const view = JSON.parse(row.view) as Record<string, unknown>
    view['title'] = 'Bad\u0007\u0001title\uD800'
    view['state'] = 'st\u0008'
    view['data'] = { lines: ['esc\u001B[31m', 'ok\uFFFF'] }
    view['source'] = { name: 'Feed\u0002', url: 'https://example.org/\u0003' }
    await api.store.db
      .updateTable('items')
      .set({ view: JSON.stringify(view) })
      .where('id', '=', body.id)
      .execute()
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
    const xml = await atom()
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(xml).toMatch(/Badtitle/)
    const json = await api.send('GET', '/api/feeds/wa/duvall/statuses.json')
    expect(json.status).toBe(200)
  })

  it('builds the feed’s links from configuration, whatever Host or URL the request names', async () => {
    const evil = { host: 'evil.example' }
    const xml = await atom(evil)
    expect(xml).not.toContain('evil.example')
    const viaUrl = await api.app.request('http://evil.example/api/feeds/wa/duvall/statuses.json', { headers: evil })
    const feed = (await viaUrl.json()) as { feed_url: string; home_page_url: string }
    expect(feed.feed_url).not.toContain('evil.example')
    expect(feed.feed_url).toMatch(/\/api\/feeds\/wa\/duvall\/statuses\.json$/)
    expect(feed.home_page_url).toBe('https://porchlight.example/wa/duvall/statuses')
  })
})
