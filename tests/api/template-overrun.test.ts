// A costly template selector must never stall the API: extraction runs in a worker with a time limit, backs off, and pauses.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getItem, insertItem, updateItem } from '../../server/db/queries/items.ts'
import { PAUSED_UNTIL, runTemplateJob, type TemplateJobOptions } from '../../server/jobs/templates.ts'
import { createExtractor } from '../../server/lib/extract-pool.ts'
import { prepareItem } from '../../server/lib/item-input.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const hoursLater = (hours: number): Date => new Date(T0.getTime() + hours * 3_600_000)
const nest = (depth: number): string => '<div>'.repeat(depth) + '</div>'.repeat(depth)
// The review's page: 3.5 KB of nested divs. The wide one is 200 KB on which an accepted selector takes seconds.
const pages: Record<string, string> = {
  '/nested.html': nest(320),
  '/wide.html': nest(900).repeat(20),
  '/small.html': '<p>Open</p>',
}
const SLOW_BUT_VALID = 'div:has(x):has(y):has(z):has(w)'

let server: Server
let origin: string
let api: Harness

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = pages[request.url ?? '']
    if (body === undefined) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/html' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

beforeEach(async () => {
  api = await startHarness((await backends())[0]!)
  return () => api.close()
})

const addItem = (select: string, path: string): Promise<number> =>
  insertItem(api.store.db, {
    data_aspect: 'statuses',
    title: 'Riverview schools',
    lat: 47.74,
    lon: -121.98,
    area_miles: 10,
    link: `${origin}${path}`,
    // Stored directly, as a template saved before the selector check would be.
    data_template: JSON.stringify({ source: 'html', select, rules: [{ contains: 'x', state: 'closed' }] }),
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
  })

/** Runs the job while asking /api/health every 10 ms; the slowest health answer in milliseconds. */
async function runWatchingHealth(options: Partial<TemplateJobOptions>, now = T0) {
  let done = false
  let slowest = 0
  const watch = (async () => {
    while (!done) {
      const started = performance.now()
      const answer = await api.send('GET', '/api/health')
      expect(answer.status).toBe(200)
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  const summary = await runTemplateJob(api.store.db, { allowPrivate: true, now: () => now, ...options })
  done = true
  await watch
  return { summary, slowest }
}

const item = async (id: number) => (await getItem(api.store.db, id))!

describe('template extraction limits', () => {
  it('fails a stored nested :has() template without stalling /api/health', async () => {
    const id = await addItem('div:has(div:has(div:has(x)))', '/nested.html')
    const { summary, slowest } = await runWatchingHealth({})
    expect(summary).toMatchObject({ checked: 1, failed: 1 })
    expect(slowest).toBeLessThan(200)
    expect((await item(id)).fetch_error).toBe('Invalid template: select must not put :has() inside :has()')
  })

  it('stops an overrunning extraction, keeps answering, backs off, and pauses after the third overrun', async () => {
    const extractor = createExtractor({ timeoutMs: 300 })
    try {
      const id = await addItem(SLOW_BUT_VALID, '/wide.html')
      const first = await runWatchingHealth({ extractor })
      expect(first.summary).toMatchObject({ checked: 1, failed: 1 })
      expect(first.slowest).toBeLessThan(200)
      let row = await item(id)
      expect(row.fetch_error).toBe(
        'Reading the page took longer than 0.3 s (overrun 1 of 3): simplify the selector; next try in 6 hours',
      )
      expect(row.next_fetch_at).toBe(hoursLater(6).toISOString())
      // Not retried in a loop: a run an hour later leaves it alone.
      expect((await runTemplateJob(api.store.db, { allowPrivate: true, now: () => hoursLater(1), extractor })).checked).toBe(0)

      await runTemplateJob(api.store.db, { allowPrivate: true, now: () => hoursLater(6), extractor })
      row = await item(id)
      expect(row.fetch_error).toMatch(/\(overrun 2 of 3\): simplify the selector; next try in 24 hours$/)
      expect(row.next_fetch_at).toBe(hoursLater(30).toISOString())
      await runTemplateJob(api.store.db, { allowPrivate: true, now: () => hoursLater(30), extractor })
      row = await item(id)
      expect(row.fetch_error).toMatch(
        /\(overrun 3 of 3\): simplify the selector; reading is paused until the template is edited$/,
      )
      expect(row.next_fetch_at).toBe(PAUSED_UNTIL)
      expect(
        (await runTemplateJob(api.store.db, { allowPrivate: true, now: () => hoursLater(24 * 365), extractor })).checked,
      ).toBe(0)

      // Editing the template lifts the pause; a cheap selector then reads the page in the replaced worker.
      const edited = prepareItem(
        {
          dataTemplate: JSON.stringify({
            source: 'html',
            url: `${origin}/small.html`,
            select: 'p',
            rules: [],
            default: { state: 'open' },
          }),
        },
        row,
        hoursLater(40).toISOString(),
      )
      if (!edited.ok) throw new Error(edited.error.error)
      await updateItem(api.store.db, id, edited.fields)
      const after = await runTemplateJob(api.store.db, { allowPrivate: true, now: () => hoursLater(40), extractor })
      expect(after).toMatchObject({ checked: 1, failed: 0 })
      expect((await item(id)).fetch_error).toBeNull()
      expect(extractor.started).toBe(4)
    } finally {
      await extractor.close()
    }
  })

  it('starts an extraction only when its own time limit fits in what is left of the run budget', async () => {
    const extractor = createExtractor({ timeoutMs: 300 })
    try {
      const ids: number[] = []
      for (let n = 0; n < 6; n++) ids.push(await addItem(SLOW_BUT_VALID, '/wide.html'))
      const started = Date.now()
      const summary = await runTemplateJob(api.store.db, { allowPrivate: true, now: () => T0, extractor, extractBudgetMs: 1000 })
      // Three overruns of at most 0.3 s fit in 1 s; a fourth might end at 1.2 s, so it never starts.
      expect(summary).toEqual({ checked: 3, changed: 0, failed: 3, deferred: 3 })
      expect(Date.now() - started).toBeLessThan(20_000)
      // The deferred ones are still due, first in line for the next run.
      const due = await api.store.db
        .selectFrom('items')
        .select('id')
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('next_fetch_at', 'is', null), eb('next_fetch_at', '<=', T0.toISOString())]))
        .execute()
      expect(due).toHaveLength(3)
      // A budget smaller than one extraction's limit reads nothing, rather than running over.
      const none = await runTemplateJob(api.store.db, { allowPrivate: true, now: () => T0, extractor, extractBudgetMs: 250 })
      expect(none).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 3 })
    } finally {
      await extractor.close()
    }
  })
})
