// Decoding in a worker thread, and the scheduler: due feeds run, two engines on one database fetch a feed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRow } from '../../server/db/queries/feeds.ts'
import { parseFeedsConfig } from '../../server/feeds/config.ts'
import { decodeInWorker } from '../../server/feeds/decode.ts'
import { startFeedEngine } from '../../server/feeds/scheduler.ts'
import { backends } from './backends.ts'
import { feedItem, itemsBody, startFeedServer } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const context = { feedId: 'test', now: new Date('2026-11-22T12:00:00Z'), options: {} }

describe('decodeInWorker', () => {
  it('decodes with the registered adapter off the main thread', async () => {
    const body = itemsBody(Array.from({ length: 3000 }, (_, index) => feedItem(`n${index}`)))
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const result = await decodeInWorker('items-json', body, context)
    clearInterval(timer)
    expect(result.items).toHaveLength(3000)
    expect(result.items[2999]).toMatchObject({ sourceId: 'n2999', attribution: { name: 'Test Publisher' } })
    // The main thread kept running its timers while the worker parsed and checked 3,000 records.
    expect(ticks).toBeGreaterThan(0)
  })

  it('takes the body as bytes, moved rather than copied, and decodes them in their declared charset', async () => {
    const item = { ...feedItem('latin'), title: 'Route fermée à Montréal' }
    const bytes = new Uint8Array(Buffer.from(itemsBody([item]), 'latin1'))
    const result = await decodeInWorker('items-json', { bytes, contentType: 'application/json; charset=iso-8859-1' }, context)
    expect(result.items[0]?.title).toBe('Route fermée à Montréal')
    // The caller's buffer went to the worker: nothing of it is left to copy or to hold on this thread.
    expect(bytes.byteLength).toBe(0)
  })

  it('rejects with the adapter’s message, an unknown adapter, or a decode over its time limit', async () => {
    await expect(decodeInWorker('items-json', '{"nope": 1}', context)).rejects.toThrow('Not an items-json feed: no "items" list')
    await expect(decodeInWorker('items-json', '{', context)).rejects.toThrow(/JSON/)
    await expect(decodeInWorker('nonesuch', '{}', context)).rejects.toThrow('Unknown adapter nonesuch')
    const big = itemsBody(Array.from({ length: 20_000 }, (_, index) => feedItem(`n${index}`)))
    await expect(decodeInWorker('items-json', big, context, 5)).rejects.toThrow('Decoding took longer than 0.005 s')
  })
})

describe.each(await backends())('feed scheduler on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('runs a due feed once across two engines, then waits for its schedule', async () => {
    fake.pages.set('/feed', { body: itemsBody([feedItem('a'), feedItem('b')]) })
    const config = parseFeedsConfig(
      {
        groups: {
          test: [
            {
              id: 'scheduled',
              name: 'Scheduled',
              adapter: 'items-json',
              url: `${fake.origin}/feed`,
              enabled: true,
              scheduleSeconds: 3600,
              attribution: { name: 'Test', url: null },
            },
            {
              id: 'off',
              name: 'Off',
              adapter: 'items-json',
              url: `${fake.origin}/off`,
              scheduleSeconds: 60,
              attribution: { name: 'Test', url: null },
            },
          ],
        },
      },
      {},
    )
    const runs: string[] = []
    const options = {
      allowPrivate: true,
      tickMs: 50,
      onRun: (id: string, outcome: { state: string }) => runs.push(`${id}:${outcome.state}`),
    }
    const engines = [startFeedEngine(api.store.db, config, options), startFeedEngine(api.store.db, config, options)]
    for (let wait = 0; wait < 200 && !runs.some((run) => run.endsWith(':stored')); wait++)
      await new Promise((done) => setTimeout(done, 50))
    // Several more ticks: nobody fetches again before the schedule says so.
    await new Promise((done) => setTimeout(done, 400))
    await Promise.all(engines.map((engine) => engine.stop()))
    expect(fake.hits('/feed')).toBe(1)
    expect(fake.hits('/off')).toBe(0)
    expect(runs.filter((run) => run === 'scheduled:stored')).toHaveLength(1)
    expect(await feedRow(api.store.db, 'scheduled')).toMatchObject({ item_count: 2, failures: 0, claimed_until: null })
  })
})
