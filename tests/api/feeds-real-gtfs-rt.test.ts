// A real GTFS-realtime service alert with its agency's own static GTFS (tests/fixtures/real/gtfs-rt, see SOURCES.md):
// BART's alerts feed of 7 August 2019 (Montgomery St. closed by a medical emergency) and BART's GTFS of that year,
// through the catalogue, the engine and GET /api/reaction, as riders at BART stations and elsewhere see it.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { parseFeedsConfig, type Feed } from '../../server/feeds/config.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import { registryFeeds, saveRegistryRows } from '../../server/feeds/registry.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

const real = (name: string) => readFileSync(new URL(`../fixtures/real/gtfs-rt/${name}`, import.meta.url))
/** The feed header's timestamp, 1565199942. */
const NOW = new Date('2019-08-07T17:45:42.000Z')
// Read from the files by hand (SOURCES.md): one entity, BSA_187874, informed_entity agency BART only, no active_period,
// cause MEDICAL_EMERGENCY, effect SIGNIFICANT_DELAYS, an English header and a URL, no description; agency.txt names
// "Bay Area Rapid Transit"; stops.txt has Montgomery St. at 37.789405, -122.401066 and Fremont at 37.557465, -121.976608.
// The header as shown: BART's double space after "closed." and its trailing space are collapsed.
const HEADER =
  'There is a major delay at Montgomery St. on the San Francisco Line in the SFO, Millbrae, Daly City and East Bay directions due to a major medical emergency. Montgomery station is currently closed. Trains are not stopping at Montgomery station.'
const MONTGOMERY = { lat: 37.789405, lon: -122.401066 }
const FREMONT = { lat: 37.557465, lon: -121.976608 }
const SACRAMENTO = { lat: 38.5816, lon: -121.4944 }

/**
 * The catalogue rows are the test's own (not a real sample): BART's static GTFS and its alerts feed, in the
 * Mobility Database CSV's columns, pointing at the local server.
 */
const catalogue = (origin: string) =>
  [
    'mdb_source_id,data_type,entity_type,location.country_code,location.subdivision_name,provider,name,static_reference,urls.direct_download,urls.authentication_type,urls.latest,urls.license,status',
    `9101,gtfs,,US,California,Bay Area Rapid Transit,,,${origin}/bart/gtfs.zip,0,${origin}/mdb-9101/latest.zip,https://www.bart.gov/schedules/developers/developer-license-agreement,active`,
    `9102,gtfs-rt,sa,US,California,Bay Area Rapid Transit,Service Alerts,9101,${origin}/bart/alerts.pb,0,,https://www.bart.gov/schedules/developers/developer-license-agreement,active`,
  ].join('\n') + '\n'

describe.each(await backends())('BART’s real service alert on $name', (backend) => {
  let api: Harness
  let server: Server
  let origin = ''
  /** Bodies by path: Buffers, since the zip and the protobuf are binary. */
  const pages = new Map<string, Buffer | string>()
  let point = 0
  const db = () => api.store.db
  const run = (feed: Feed) =>
    runFeed(db(), feed, {
      owner: 'o',
      userAgent: 'Porchlight/1.0 (porchlight.test)',
      allowPrivate: true,
      now: () => NOW,
      onFeeds: (registry, rows, now) => saveRegistryRows(db(), registry.id, rows, now),
    })
  /** The statuses at a place (a slightly different point each time: no micro-cache). */
  const statusesAt = async (place: { lat: number; lon: number }) => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(place.lat + point / 1_000_000).toFixed(6)}&lon=${place.lon}`)
    expect(answer.status).toBe(200)
    return answer.body.statuses.messages as (AlertItem & { data: { lines: string[] } })[]
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    server = createServer((request, response) => {
      const body = pages.get(request.url ?? '/')
      if (body === undefined) return void response.writeHead(404).end('not found')
      response.writeHead(200).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    api.clock.now = NOW
    const config = {
      id: 'mobility-database',
      name: 'Mobility Database catalogue',
      adapter: 'gtfs-rt-catalog',
      url: `${origin}/catalogs-csv`,
      enabled: true,
      scheduleSeconds: 86_400,
      maxBytes: 20_000_000,
      accept: 'text/csv',
      attribution: { name: 'MobilityData', url: 'https://mobilitydatabase.org/' },
    }
    pages.set('/catalogs-csv', catalogue(origin))
    pages.set('/mdb-9101/latest.zip', real('bart-rt.zip'))
    pages.set('/bart/alerts.pb', real('bart-alerts.pb'))
    const parsed = parseFeedsConfig({ groups: { alerts: [config] } }, {})
    await ensureFeedRows(db(), [config.id, 'gtfs-rt-9102'], NOW)
    expect(await run(parsed.feeds[0]!)).toMatchObject({ state: 'stored' })
    const listed = await registryFeeds(db(), parsed, {})
    const feed = listed.feeds.find((one) => one.id === 'gtfs-rt-9102')!
    expect(feed).toMatchObject({ adapter: 'gtfs-rt', enabled: true })
    expect(await run(feed)).toMatchObject({ state: 'stored', summary: { added: 1 }, skipped: 0 })
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await api.close()
  })

  it('shows the Montgomery St. delay to a rider at Montgomery, with BART’s own words and link', async () => {
    const shown = await statusesAt(MONTGOMERY)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.title).toContain('Bay Area Rapid Transit')
    expect(shown[0]!.data.lines.join(' ')).toContain(HEADER)
    expect(shown[0]!.link).toBe('http://www.bart.gov/schedules/advisories')
  })

  it('shows the agency-wide alert at another BART station, not where BART does not run', async () => {
    expect(await statusesAt(FREMONT)).toHaveLength(1)
    expect(await statusesAt(SACRAMENTO)).toEqual([])
  })
})
