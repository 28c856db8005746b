// The template job against an in-memory database and a local fixture server: never the internet.
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Db } from '../../server/db/index.ts'
import { getItem, insertItem, type NewItem } from '../../server/db/queries/items.ts'
import type { ItemRow } from '../../server/db/schema.ts'
import { runTemplateJob, startTemplateJob } from '../../server/jobs/templates.ts'
import { createExtractor } from '../../server/lib/extract-pool.ts'
import { extractText } from '../../server/lib/extract.ts'
import { USER_AGENT, safeFetch } from '../../server/lib/safe-fetch.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const minutesLater = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000)
const at = (time: Date) => () => time

// Fixture pages by path; a test may change them. Every request is counted.
const pages = new Map<string, { status?: number; type?: string; body: string }>()
const hits = new Map<string, number>()
const userAgents: string[] = []
let server: Server
let origin: string

function respond(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/'
  hits.set(path, (hits.get(path) ?? 0) + 1)
  userAgents.push(request.headers['user-agent'] ?? '')
  const redirect = /^\/redirect\/(\d+)$/.exec(path)
  if (redirect) {
    const left = Number(redirect[1])
    response.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/closed.html' }).end()
  } else if (path === '/slow') {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.write('<p>')
    // Never ends: the fetch must give up by itself.
  } else if (path === '/big') {
    response.writeHead(200, { 'content-type': 'text/plain' })
    const chunk = 'closed '.repeat(10_000)
    // No content-length: the reader has to count while streaming.
    const write = (left: number): void => {
      if (left === 0 || response.destroyed) return void response.end()
      if (response.write(chunk)) write(left - 1)
      else response.once('drain', () => write(left - 1))
    }
    write(30)
  } else {
    const page = pages.get(path)
    if (!page) return void response.writeHead(404).end('not found')
    response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' }).end(page.body)
  }
}

beforeAll(async () => {
  server = createServer(respond)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

let db: Db

beforeEach(async () => {
  ;({ db } = await openDatabase(':memory:', mkdtempSync(join(tmpdir(), 'porchlight-job-'))))
  hits.clear()
  userAgents.length = 0
  pages.clear()
  pages.set('/closed.html', {
    body: '<html><body><div id="status"><h2>District status</h2><p class="note">Schools are  CLOSED today.</p></div></body></html>',
  })
  pages.set('/open.html', { body: '<div id="status"><p class="note">Open on a normal schedule</p></div>' })
  pages.set('/data.json', {
    type: 'application/json',
    body: JSON.stringify({ data: { schools: [{ name: 'Cedarcrest', status: 'Late start 10:00' }], updated: 5 } }),
  })
  pages.set('/error', { status: 500, body: 'oops' })
})

afterEach(() => {
  vi.restoreAllMocks()
})

const htmlTemplate = {
  source: 'html',
  select: '#status .note',
  rules: [
    { contains: 'closed', state: 'closed', priority: 'Urgent', lines: ['{text}'] },
    { contains: ['late start', 'delayed'], state: 'pending', priority: 'Warning' },
  ],
  default: { state: 'open', lines: ['Open as usual'] },
}

async function addItem(template: unknown, fields: Partial<Omit<NewItem, 'lat' | 'lon' | 'area_miles'>> = {}): Promise<number> {
  return insertItem(db, {
    data_aspect: 'statuses',
    data_property: 'manager',
    priority: 'Normal',
    title: 'Riverview schools',
    lines: '[]',
    classes: '[]',
    is_old: 0,
    is_active: 1,
    sort_order: 0,
    layer: 0,
    is_demo: 0,
    area_miles: 10,
    lat: 47.74,
    lon: -121.98,
    link: `${origin}/closed.html`,
    data_template: typeof template === 'string' ? template : JSON.stringify(template),
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
    ...fields,
  })
}

async function item(id: number): Promise<ItemRow> {
  const row = await getItem(db, id)
  if (!row) throw new Error(`item ${id} is gone`)
  return row
}

// One page-reading worker for the file: starting one per run would add a few hundred milliseconds each.
const extractor = createExtractor()
afterAll(() => extractor.close())

const run = (time: Date, options: Partial<Parameters<typeof runTemplateJob>[1]> = {}) =>
  runTemplateJob(db, { allowPrivate: true, now: at(time), extractor, ...options })

describe('runTemplateJob', () => {
  it('reads an html page through a selector and a rule', async () => {
    const id = await addItem(htmlTemplate)
    expect(await run(T0)).toEqual({ checked: 1, changed: 1, failed: 0, deferred: 0 })
    const row = await item(id)
    expect(row).toMatchObject({
      state: 'closed',
      status: 'closed',
      priority: 'Urgent',
      lines: JSON.stringify(['Schools are CLOSED today.']),
      retrieved: T0.toISOString(),
      value_changed: T0.toISOString(),
      fetch_error: null,
      is_old: 0,
      next_fetch_at: minutesLater(5).toISOString(),
    })
    expect(JSON.parse(row.view)).toMatchObject({ state: 'closed', retrieved: T0.toISOString(), isOld: false })
    expect(userAgents).toEqual([USER_AGENT])
  })

  it('keeps value_changed when a later read finds the same result, and moves it on a change', async () => {
    const id = await addItem(htmlTemplate)
    await run(T0)
    expect(await run(minutesLater(3))).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0 })
    expect(await run(minutesLater(5))).toEqual({ checked: 1, changed: 0, failed: 0, deferred: 0 })
    expect(await item(id)).toMatchObject({ retrieved: minutesLater(5).toISOString(), value_changed: T0.toISOString() })

    pages.set('/closed.html', { body: '<div id="status"><p class="note">Two-hour delayed start</p></div>' })
    expect(await run(minutesLater(10))).toEqual({ checked: 1, changed: 1, failed: 0, deferred: 0 })
    expect(await item(id)).toMatchObject({
      state: 'pending',
      priority: 'Warning',
      lines: '[]',
      value_changed: minutesLater(10).toISOString(),
    })
  })

  it('keeps the priority when the matching outcome names none', async () => {
    const id = await addItem(htmlTemplate, { link: `${origin}/open.html`, priority: 'High' })
    await run(T0)
    expect(await item(id)).toMatchObject({ state: 'open', priority: 'High', lines: JSON.stringify(['Open as usual']) })
  })

  it('reads a JSON path from the template url', async () => {
    const template = {
      source: 'json',
      url: `${origin}/data.json`,
      select: 'data.schools[0].status',
      rules: htmlTemplate.rules,
      everyMinutes: 2,
    }
    const id = await addItem(template, { link: 'https://example.invalid/not-fetched' })
    await run(T0)
    expect(await item(id)).toMatchObject({
      state: 'pending',
      priority: 'Warning',
      next_fetch_at: minutesLater(2).toISOString(),
    })
    expect(hits.get('/data.json')).toBe(1)
  })

  it('turns a non-text JSON value into JSON text for the rules', async () => {
    const template = { source: 'json', select: 'data.updated', rules: [], default: { state: 'active', lines: ['n={text}'] } }
    const id = await addItem(template, { link: `${origin}/data.json` })
    await run(T0)
    expect(await item(id)).toMatchObject({ state: 'active', lines: JSON.stringify(['n=5']) })
  })

  it('leaves a locked result alone and looks again when the lock passes', async () => {
    const lock = minutesLater(60).toISOString()
    const id = await addItem(htmlTemplate, { state: 'open', lines: '["Staff says open"]', lock_result_until: lock })
    expect(await run(T0)).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0 })
    expect(await item(id)).toMatchObject({ state: 'open', lines: '["Staff says open"]', next_fetch_at: lock, retrieved: null })
    expect(hits.get('/closed.html')).toBeUndefined()

    expect(await run(minutesLater(30))).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0 })
    expect(await run(minutesLater(61))).toEqual({ checked: 1, changed: 1, failed: 0, deferred: 0 })
    expect(await item(id)).toMatchObject({ state: 'closed', next_fetch_at: minutesLater(66).toISOString() })
  })

  it('skips inactive items and items without a template', async () => {
    await addItem(htmlTemplate, { is_active: 0 })
    await addItem(null, { data_template: null })
    expect(await run(T0)).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0 })
    expect(hits.size).toBe(0)
  })

  it('records an HTTP error, keeps the last result, and marks it old once stale', async () => {
    const id = await addItem({ ...htmlTemplate, staleAfterMinutes: 30 })
    await run(T0)
    pages.set('/closed.html', { status: 500, body: 'down' })

    expect(await run(minutesLater(5))).toEqual({ checked: 1, changed: 0, failed: 1, deferred: 0 })
    expect(await item(id)).toMatchObject({ state: 'closed', fetch_error: 'HTTP 500', is_old: 0, retrieved: T0.toISOString() })

    await run(minutesLater(31))
    expect(await item(id)).toMatchObject({ state: 'closed', fetch_error: 'HTTP 500', is_old: 1 })

    pages.set('/closed.html', { body: '<div id="status"><p class="note">closed</p></div>' })
    await run(minutesLater(40))
    expect(await item(id)).toMatchObject({ fetch_error: null, is_old: 0, retrieved: minutesLater(40).toISOString() })
  })

  it('marks a never-read item old at its first failure', async () => {
    const id = await addItem(htmlTemplate, { link: `${origin}/error` })
    await run(T0)
    expect(await item(id)).toMatchObject({ fetch_error: 'HTTP 500', is_old: 1, state: null })
  })

  it('records a timeout', async () => {
    const id = await addItem(htmlTemplate, { link: `${origin}/slow` })
    expect(await run(T0, { timeoutMs: 300 })).toEqual({ checked: 1, changed: 0, failed: 1, deferred: 0 })
    expect(await item(id)).toMatchObject({ fetch_error: 'Timed out after 0.3 s', is_old: 1 })
  })

  it('records a body over 1 MB', async () => {
    const id = await addItem({ source: 'text', rules: [{ contains: 'closed', state: 'closed' }] }, { link: `${origin}/big` })
    await run(T0)
    expect(await item(id)).toMatchObject({ fetch_error: 'Response larger than 1 MB', state: null })
  })

  it('records a selector that finds nothing', async () => {
    const id = await addItem({ ...htmlTemplate, select: '#missing' })
    await run(T0)
    expect(await item(id)).toMatchObject({ fetch_error: 'The selector found nothing', state: null })
  })

  it('records an invalid template and tries again after the default interval', async () => {
    const id = await addItem('{"source":"html","rules":[{"contains":"closed"}]}')
    expect(await run(T0)).toEqual({ checked: 1, changed: 0, failed: 1, deferred: 0 })
    expect(await item(id)).toMatchObject({
      fetch_error: 'Invalid template: rules[0].state is required',
      next_fetch_at: minutesLater(5).toISOString(),
      is_old: 1,
    })
    expect(hits.size).toBe(0)
  })

  it('records a missing address', async () => {
    const id = await addItem(htmlTemplate, { link: null })
    await run(T0)
    expect((await item(id)).fetch_error).toMatch(/^No address to read/)
  })

  it('fetches each item once when two runs race', async () => {
    const ids: number[] = []
    for (let n = 0; n < 8; n++) {
      pages.set(`/page-${n}`, { body: `<div id="status"><p class="note">closed ${n}</p></div>` })
      ids.push(await addItem(htmlTemplate, { link: `${origin}/page-${n}` }))
    }
    const [first, second] = await Promise.all([run(T0), run(T0)])
    expect(first.checked + second.checked).toBe(8)
    for (let n = 0; n < 8; n++) expect(hits.get(`/page-${n}`)).toBe(1)
    for (const id of ids) expect((await item(id)).state).toBe('closed')
  })

  it('takes at most `limit` items per run, the longest-waiting first', async () => {
    const late = await addItem(htmlTemplate, { next_fetch_at: minutesLater(-1).toISOString() })
    const early = await addItem(htmlTemplate, { next_fetch_at: minutesLater(-9).toISOString() })
    expect(await run(T0, { limit: 1 })).toEqual({ checked: 1, changed: 1, failed: 0, deferred: 0 })
    expect((await item(early)).state).toBe('closed')
    expect((await item(late)).state).toBeNull()
  })
})

describe('startTemplateJob', () => {
  it('runs soon after start, then on its interval, until stopped', async () => {
    const id = await addItem(htmlTemplate)
    let clock = T0
    const job = startTemplateJob(db, { allowPrivate: true, now: () => clock, intervalMs: 50, extractor })
    // The first read may wait for the page-reading worker to start (seconds on a busy machine).
    await vi.waitFor(async () => expect((await item(id)).state).toBe('closed'), { timeout: 10_000 })
    clock = minutesLater(5)
    await vi.waitFor(async () => expect((await item(id)).retrieved).toBe(clock.toISOString()), { timeout: 3000 })
    job.stop()
    const fetched = hits.get('/closed.html')
    clock = minutesLater(10)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(hits.get('/closed.html')).toBe(fetched)
  })

  it('logs a failed run and keeps going', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const broken = {
      selectFrom() {
        throw new Error('database is locked')
      },
    } as unknown as Db
    const job = startTemplateJob(broken, { allowPrivate: true, intervalMs: 20 })
    await vi.waitFor(() => expect(errors.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 3000 })
    job.stop()
    expect(errors.mock.calls[0]![0]).toBe('Template job: run failed: database is locked')
  })
})

describe('safeFetch', () => {
  it.each([
    ['http://127.0.0.1/', 'Refused: the host is on a private network'],
    ['http://10.0.0.1/', 'Refused: the host is on a private network'],
    ['http://[::1]/', 'Refused: the host is on a private network'],
    ['http://[::ffff:192.168.0.1]/', 'Refused: the host is on a private network'],
    ['http://169.254.169.254/latest/meta-data/', 'Refused: the host is on a private network'],
    ['http://100.64.0.1/', 'Refused: the host is on a private network'],
    ['http://0.0.0.0/', 'Refused: the host is on a private network'],
    ['http://2130706433/', 'Refused: the host is on a private network'],
    ['file:///etc/passwd', 'Refused: only http and https addresses'],
    ['ftp://x', 'Refused: only http and https addresses'],
    ['not a url', 'Invalid URL'],
  ])('refuses %s', async (url, error) => {
    expect(await safeFetch(url)).toEqual({ ok: false, error })
  })

  it('refuses a host name that resolves to a private address, before sending anything', async () => {
    const port = new URL(origin).port
    expect(await safeFetch(`http://localhost:${port}/closed.html`)).toEqual({
      ok: false,
      error: 'Refused: the host is on a private network',
    })
    expect(await safeFetch(`${origin}/closed.html`)).toMatchObject({ ok: false })
    expect(hits.size).toBe(0)
  })

  it('follows up to 3 redirects', async () => {
    const result = await safeFetch(`${origin}/redirect/3`, { allowPrivate: true })
    expect(result).toMatchObject({ ok: true, contentType: 'text/html; charset=utf-8' })
    if (result.ok) expect(result.text).toContain('CLOSED')
  })

  it('stops at the 4th redirect', async () => {
    expect(await safeFetch(`${origin}/redirect/4`, { allowPrivate: true })).toEqual({
      ok: false,
      error: 'Too many redirects (more than 3)',
    })
    expect(hits.get('/closed.html')).toBeUndefined()
  })

  it('honours a smaller size limit', async () => {
    expect(await safeFetch(`${origin}/closed.html`, { allowPrivate: true, maxBytes: 50 })).toEqual({
      ok: false,
      error: 'Response larger than 50 bytes',
    })
  })
})

describe('extractText', () => {
  it('reads block text with spaces between blocks, never script or style text', () => {
    const page = '<style>.closed{}</style><div id="s"><h2>Status</h2><p>Open <b>to</b>day</p><script>"closed"</script></div>'
    expect(extractText({ source: 'html', select: '#s' }, page)).toBe('Status Open today')
    expect(extractText({ source: 'html' }, page)).toBe('Status Open today')
  })

  it('joins several matches by newlines and finds nothing as null', () => {
    expect(extractText({ source: 'html', select: 'li' }, '<ul><li>a<li>b</ul>')).toBe('a\nb')
    expect(extractText({ source: 'html', select: 'table' }, '<ul><li>a</ul>')).toBeNull()
    expect(extractText({ source: 'json', select: 'a.b' }, '{"a":{}}')).toBeNull()
  })

  it('caps the text at 5,000 characters', () => {
    expect(extractText({ source: 'text' }, 'x'.repeat(6000))).toHaveLength(5000)
  })

  it.each([
    [{ source: 'html', select: 'p[' } as const, '<p>x</p>', 'Invalid CSS selector'],
    [{ source: 'json' } as const, '<html>', 'The response is not valid JSON'],
    [{ source: 'html', select: 'div' } as const, '<div>'.repeat(100_000), 'The page nests too deeply to read'],
    [{ source: 'html', select: 'b' } as const, '<b><i>'.repeat(100_000), 'The page nests too deeply to read'],
  ])('throws a plain message for %j', (template, body, message) => {
    expect(() => extractText(template, body)).toThrow(message)
  })

  it('reads a page with much SVG and script markup without calling it deep', () => {
    const svg = `<svg>${'<path d="M0 0"/>'.repeat(5000)}</svg>`
    const script = `<script>${'<div>'.repeat(5000)}</script>`
    expect(extractText({ source: 'html', select: 'p' }, `${svg}${script}<p>closed</p>`)).toBe('closed')
  })
})
