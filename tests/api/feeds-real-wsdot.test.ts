// A real WSDOT Highway Cameras answer (tests/fixtures/real/wsdot, see SOURCES.md) through the engine and
// GET /api/reaction: the cameras a visitor at Snoqualmie Pass, near Harvey Field and at Knapp's tunnel is shown.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { backends } from './backends.ts'
import { startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

/**
 * The file is GetCamerasAsJson's array as the project kept it: a TypeScript literal whose keys are unquoted, one per
 * line. Quoting each key at the start of a line gives the JSON WSDOT sent (checked equal to a JSON5 parse of the file).
 */
const LITERAL = readFileSync(new URL('../fixtures/real/wsdot/wsdot-traveler-info-js-cameras.txt', import.meta.url), 'utf8')
const BODY = JSON.stringify(JSON.parse(LITERAL.replace(/^(\s*)([A-Za-z]\w*):/gm, '$1"$2":')))
const NOW = new Date('2023-04-24T21:00:00.000Z')

// Counted with grep and a haversine of our own on the file, not with the adapter (SOURCES.md): 1,340 cameras,
// 1,294 with IsActive: true (46 false), every active one with an https ImageURL and a display position.
const ACTIVE = 1294
const INACTIVE = 46
/** The active cameras within 4 miles of the summit (47.4245, -121.4138). */
const SNOQUALMIE = [
  'Asahel Curtis on I-90 @ MP48',
  'East Snoqualmie Summit on I-90 @ MP53',
  'Franklin Falls on I-90 @ MP51.3',
  'Hyak on I-90 @ MP55.2',
  'Rockdale on I-90 @ MP49',
  'Snoqualmie Summit on I-90 @ MP52',
]

describe.each(await backends())('a real WSDOT camera list on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  let point = 0
  /** The cameras a visitor at the point is shown (a slightly different point each time: no micro-cache). */
  const camerasAt = async (lat: number, lon: number) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(lat + point / 1_000_000).toFixed(6)}&lon=${lon}`)
    expect(answer.status).toBe(200)
    return answer.body.cameras.messages as (AlertItem & { image: string | null })[]
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    fake = await startFeedServer()
    fake.pages.set('/cameras', { body: BODY })
    api.clock.now = NOW
    const feed = testFeed({ id: 'wsdot-real', adapter: 'wsdot-cameras', url: `${fake.origin}/cameras` })
    await ensureFeedRows(api.store.db, [feed.id], NOW)
    const options = { owner: 'o', userAgent: 'Porchlight/1.0 (test)', allowPrivate: true, now: () => NOW }
    expect(await runFeed(api.store.db, feed, options)).toMatchObject({
      state: 'stored',
      summary: { added: ACTIVE },
      skipped: INACTIVE,
    })
  })
  afterAll(async () => {
    await fake.close()
    await api.close()
  })

  it('shows the six I-90 cameras around Snoqualmie Pass, each with its image and WSDOT map page', async () => {
    const shown = await camerasAt(47.4245, -121.4138)
    expect(shown.map((camera) => camera.title).sort()).toEqual(SNOQUALMIE)
    const summit = shown.find((camera) => camera.title === 'Snoqualmie Summit on I-90 @ MP52')!
    expect(summit.image).toMatch(/^https:\/\/images\.wsdot\.wa\.gov\//)
    expect(summit.link).toMatch(/^https:\/\/wsdot\.com\/travel\/real-time\/map\/\?featuretype=camera&featureid=\d+$/)
  })

  it('links a partner camera to its owner: Harvey Airfield to harveyfield.com', async () => {
    const shown = await camerasAt(47.9081, -122.1052)
    const harvey = shown.find((camera) => camera.title === 'Harvey Airfield(Snohomish)')!
    expect(harvey).toMatchObject({ image: 'https://www.harveyfield.com/wxcam.jpg', link: 'https://www.harveyfield.com/' })
  })

  it('shows the lone camera at Knapp’s tunnel on US 97A, the file’s last record', async () => {
    const shown = await camerasAt(47.765599, -120.180534)
    expect(shown.map((camera) => camera.title)).toEqual(['US 97A MP 226 (View North)'])
  })
})
