// A real IPAWS message (tests/fixtures/real/SOURCES.md) through the engine and the public answers: Carroll
// County's Law Enforcement Warning, whose only text is its WEA CMAMtext (issue 37, item 2).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { atomEntries } from '../unit/notify/atom-rules.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const BODY = readFileSync(
  new URL('../fixtures/real/cap/carroll-county-md-2019-03-29-law-enforcement-warning.xml', import.meta.url),
  'utf8',
)
/** Seven minutes after it was sent (16:13:10Z); it expires at 17:13:10Z. */
const NOW = new Date('2019-03-29T16:20:00.000Z')
const HAMPSTEAD = { lat: 39.60483, lon: -76.84998 }
// Read from the file: no headline, description or instruction; one CMAMtext parameter; one area.
const CMAM = 'Police activity in area of 1100 block of S. Main Street in Hampstead. Please avoid area.'

describe.each(await backends())('a real IPAWS message on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    fake.pages.set('/ipaws', { body: BODY, type: 'application/xml' })
    api.clock.now = NOW
    const feed = testFeed({ id: 'ipaws-real', adapter: 'ipaws', url: `${fake.origin}/ipaws`, accept: 'application/xml' })
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    const options = { owner: 'test-owner', userAgent: 'Porchlight/1.0 (porchlight.test)', allowPrivate: true, now: () => NOW }
    expect(await runFeed(api.store.db, feed, options)).toMatchObject({ state: 'stored', summary: { added: 1 }, skipped: 0 })
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows the WEA text as the warning’s summary in Hampstead, with its area', async () => {
    const { body } = await api.send('GET', `/api/reaction?lat=${HAMPSTEAD.lat}&lon=${HAMPSTEAD.lon}`)
    const messages = body.statuses.messages as { title: string; priority: string; endsAt: string; data: { lines: string[] } }[]
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({
      title: 'Law Enforcement Warning: Carroll County, MD',
      priority: 'Urgent',
      endsAt: '2019-03-29T17:13:10.000Z',
    })
    expect(messages[0]!.data.lines).toEqual([CMAM, 'Carroll County, MD'])
  })

  it('puts the WEA text in the place’s Atom entry', async () => {
    const { status, body } = await api.send('GET', '/api/feeds/md/hampstead/statuses.atom')
    expect(status).toBe(200)
    const entries = atomEntries(body)
    expect(entries).toHaveLength(1)
    expect(JSON.stringify(entries[0]!['content'])).toContain(CMAM)
  })
})
