// Decoding in a kept worker thread, and the scheduler: due feeds run, two engines on one database fetch a feed once.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { getPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRow } from '../../server/db/queries/feeds.ts'
import { parseFeedsConfig } from '../../server/feeds/config.ts'
import {
  decodeInWorker,
  decodeThreadNice,
  decodeWorkerCount,
  keptDecodeWorkers,
  zonesInWorker,
} from '../../server/feeds/decode.ts'
import { decodeNice } from '../../server/feeds/worker.ts'
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

describe('the kept decode worker', () => {
  const small = itemsBody([feedItem('a')])

  it('serves run after run (decodes and zones) from one thread; a decode past its limit ends it and the next run gets a fresh one', async () => {
    expect((await decodeInWorker('items-json', small, context)).items).toHaveLength(1)
    const kept = keptDecodeWorkers()
    expect(kept).toHaveLength(1)
    expect((await decodeInWorker('items-json', small, context)).items).toHaveLength(1)
    expect(await zonesInWorker([['https://zones.test/a', 'not a zone']])).toEqual(new Map([['https://zones.test/a', null]]))
    expect(keptDecodeWorkers()).toEqual(kept)

    // Still parsing 40,000 records when its 20 ms are up: the thread is terminated, not kept.
    const big = itemsBody(Array.from({ length: 40_000 }, (_, index) => feedItem(`n${index}`)))
    await expect(decodeInWorker('items-json', big, context, 20)).rejects.toThrow('Decoding took longer than 0.02 s')
    expect(keptDecodeWorkers()).toEqual([])
    expect((await decodeInWorker('items-json', small, context)).items).toHaveLength(1)
    expect(keptDecodeWorkers()).toHaveLength(1)
    expect(keptDecodeWorkers()).not.toEqual(kept)
  })

  it('runs a job that finds every kept worker busy in a thread of its own, ended with the job', async () => {
    const kept = keptDecodeWorkers()
    const both = await Promise.all([decodeInWorker('items-json', small, context), decodeInWorker('items-json', small, context)])
    expect(both.map((result) => result.items.length)).toEqual([1, 1])
    expect(keptDecodeWorkers()).toHaveLength(1)
    if (kept.length) expect(keptDecodeWorkers()).toEqual(kept)
  })

  it('does not keep the process alive once idle', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'decode-'))
    const script = join(folder, 'decode-once.mjs')
    await writeFile(
      script,
      `const { decodeInWorker } = await import(${JSON.stringify(new URL('../../server/feeds/decode.ts', import.meta.url).href)})
      const result = await decodeInWorker('items-json', ${JSON.stringify(small)}, { feedId: 'x', now: new Date(), options: {} })
      console.log(result.items.length)`,
    )
    try {
      // Without the unref the child never ends and the time limit kills it.
      const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 20_000 })
      expect(stdout.trim()).toBe('1')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('keeps 1 to 8 workers as FEEDS_DECODE_WORKERS says, 1 otherwise', () => {
    expect([undefined, '2', '8', '9', '0', 'x'].map((value) => decodeWorkerCount({ FEEDS_DECODE_WORKERS: value }))).toEqual([
      1, 2, 8, 1, 1, 1,
    ])
  })

  it('reads FEEDS_DECODE_NICE as 0 to 19, 0 otherwise; unset, the decode thread runs at the process’s priority', async () => {
    expect([undefined, '0', '19', '20', '-5', 'x'].map((value) => decodeNice({ FEEDS_DECODE_NICE: value }))).toEqual([
      0, 0, 19, 0, 0, 0,
    ])
    expect(await decodeThreadNice()).toBe(getPriority())
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
