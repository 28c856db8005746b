// A real NWS /alerts/active answer (tests/fixtures/real/SOURCES.md) through the engine and the public answers:
// the Raleigh Severe Thunderstorm Warning's whole text, with its instruction right after the headline, in the
// reaction answer, the place's Atom entry and the push payload (issue 37, item 1).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import { atomEntries } from '../unit/notify/atom-rules.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const BODY = readFileSync(new URL('../fixtures/real/nws/skylight-2024-05-25-severe-thunderstorms.json', import.meta.url), 'utf8')
/** Ten minutes after NWS sent the Raleigh warning (22:27Z); it ends at 23:15Z. */
const NOW = new Date('2024-05-25T22:37:00.000Z')
const ZEBULON = { lat: 35.82432, lon: -78.31472 }
// Counted by reading the file: the headline, the one instruction paragraph, the description's 9 paragraphs
// (SVRRAH, "The National Weather Service…", "* Severe Thunderstorm Warning for…", "* Until…", "* At…", HAZARD,
// SOURCE, IMPACT, "* Locations impacted include…"), and the areaDesc: 12 lines.
const HEADLINE = 'Severe Thunderstorm Warning issued May 25 at 6:27PM EDT until May 25 at 7:15PM EDT by NWS Raleigh NC'
const INSTRUCTION = 'For your protection move to an interior room on the lowest floor of a building.'
const LOCATIONS =
  '* Locations impacted include... Zebulon, Bailey, Wendell, Spring Hope, Middlesex, Sims, Pilot, Emit, and Buckhorn Reservoir.'

describe.each(await backends())('a real NWS answer on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let push: Awaited<ReturnType<typeof startPushFake>>

  beforeAll(async () => {
    push = await startPushFake()
    api = await startHarness(backend, { DEMO_DATA: '0', ALLOW_PRIVATE_FETCH: '1', SITE_URL: 'https://porchlight.example' })
    fake = await startFeedServer()
    fake.pages.set('/alerts/active', { body: BODY, type: 'application/geo+json' })
    api.clock.now = NOW
    const vapid = vapidKeys(api.config.dataDir, api.config.siteUrl)
    const round = () =>
      notifyRound(api.store.db, () => api.clock.now, {
        owner: 'test',
        vapid,
        siteUrl: api.config.siteUrl,
        allowPrivate: true,
        burstMs: 30_000,
      })
    const { status } = await api.send('POST', '/api/notify/subscriptions', {
      body: {
        subscription: push.subscribe('zebulon'),
        lang: 'en',
        places: [{ place: 'nc/zebulon', sections: ['statuses'], minPriority: 'Warning', quiet: null }],
      },
    })
    expect(status).toBe(201)
    const feed = testFeed({ id: 'nws-real', adapter: 'nws', url: `${fake.origin}/alerts/active`, accept: 'application/geo+json' })
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    const options = { owner: 'test-owner', userAgent: 'Porchlight/1.0 (porchlight.test)', allowPrivate: true, now: () => NOW }
    expect(await runFeed(api.store.db, feed, options)).toMatchObject({ state: 'stored', summary: { added: 2 }, skipped: 0 })
    await round()
    api.clock.now = new Date(NOW.getTime() + 31_000)
    await round()
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
    await push.close()
  })

  it('shows the whole warning at Zebulon: headline, what to do, every paragraph, the areas', async () => {
    const { body } = await api.send('GET', `/api/reaction?lat=${ZEBULON.lat}&lon=${ZEBULON.lon}`)
    const warnings = (body.statuses.messages as { title: string; data: { lines: string[] } }[]).filter((item) =>
      item.title.startsWith('Severe Thunderstorm Warning'),
    )
    expect(warnings).toHaveLength(1)
    const lines = warnings[0]!.data.lines
    expect(lines).toHaveLength(12)
    expect(lines.slice(0, 2)).toEqual([HEADLINE, INSTRUCTION])
    expect(lines).toContain(LOCATIONS)
    expect(lines).toContain('IMPACT...Hail damage to vehicles is expected. Expect wind damage to roofs, siding, and trees.')
    expect(lines.at(-1)).toBe('Franklin, NC, Johnston, NC, Nash, NC, Wake, NC, Wilson, NC')
  })

  it('puts the instruction and the locations in the place’s Atom entry', async () => {
    const { status, body } = await api.send('GET', '/api/feeds/nc/zebulon/statuses.atom')
    expect(status).toBe(200)
    const entries = atomEntries(body)
    expect(entries).toHaveLength(1)
    const content = JSON.stringify(entries[0]!['content'])
    expect(content).toContain(INSTRUCTION)
    expect(content).toContain('Zebulon, Bailey, Wendell, Spring Hope')
    expect(content.indexOf(INSTRUCTION)).toBeLessThan(content.indexOf('SVRRAH'))
  })

  it('tells the subscriber what to do in the push itself', () => {
    const payloads = push.received.filter((entry) => entry.name === 'zebulon').map((entry) => entry.payload)
    expect(payloads).toHaveLength(1)
    expect(String(payloads[0]!['title'])).toMatch(/^Zebulon, NC: Severe Thunderstorm Warning: Franklin, NC/)
    expect(payloads[0]!['body']).toBe(`Urgent · Active · ${HEADLINE}\n${INSTRUCTION}`)
  })
})
