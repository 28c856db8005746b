// The road sources of bench:feeds (scripts/bench-feeds.ts): the WZDx Feed Registry with its 29 active keyless feeds at
// realistic sizes (43 rows, as counted in 2026-09), and the largest Caltrans lane-closure district (D7, ~17.6 MB).
// BENCH_REGISTRY=0 leaves the registry out; BENCH_LCS_MB=0 leaves Caltrans out (another size: BENCH_LCS_MB=5).
import type { DatabaseSync } from 'node:sqlite'
import type { City } from '../src/lib/cities.ts'

const REGISTRY = process.env['BENCH_REGISTRY'] !== '0'
const LCS_MB = Number(process.env['BENCH_LCS_MB'] ?? 17.6)
/**
 * Events per feed of the 29 active keyless feeds: a few state-wide feeds with 1,000–2,500 events (New York's had
 * ~1,100 in 2025, Iowa's and Ohio's are of that order), a middle of city and county feeds, and a tail of small ones.
 * An assumed spread, not a census: the registry gives no sizes.
 */
const EVENTS_PER_FEED = [
  2500, 2000, 1500, 1100, 900, 700, 600, 500, 400, 300, 250, 200, 150, 120, 100, 80, 60, 50, 40, 30, 25, 20, 15, 12, 10, 8, 5, 3,
  1,
]
const STATES = [
  'ny',
  'ia',
  'oh',
  'mn',
  'md',
  'tx',
  'fl',
  'nc',
  'pa',
  'wi',
  'mi',
  'in',
  'ks',
  'ne',
  'ok',
  'co',
  'ut',
  'az',
  'ca',
  'wa',
  'ma',
  'de',
  'va',
  'mo',
  'il',
  'ky',
  'ga',
  'nj',
  'la',
]

type Rng = () => number
const round = (value: number): number => Math.round(value * 1e5) / 1e5

/** One WZDx 4.2 work zone near a town: a 6-point line, a lane closure, a description of realistic length. */
function workZone(id: string, city: City, random: Rng, now: number, index: number) {
  const start = [city.lon + (random() - 0.5) * 0.2, city.lat + (random() - 0.5) * 0.2]
  return {
    id,
    type: 'Feature',
    properties: {
      core_details: {
        data_source_id: '1',
        event_type: 'work-zone',
        road_names: [`US ${10 + (index % 90)}`],
        direction: ['northbound', 'southbound', 'eastbound', 'westbound'][index % 4],
        description: `Lane closure ${index} for bridge deck repair; expect delays and use alternate routes where possible.`,
        update_date: new Date(now).toISOString(),
      },
      start_date: new Date(now - 86_400_000).toISOString(),
      end_date: new Date(now + 10 * 86_400_000).toISOString(),
      location_method: 'channel-device-method',
      is_start_date_verified: true,
      is_end_date_verified: false,
      is_start_position_verified: true,
      is_end_position_verified: false,
      vehicle_impact: 'some-lanes-closed',
      beginning_cross_street: `Exit ${index % 200}`,
      ending_cross_street: `Exit ${(index % 200) + 2}`,
      lanes: [
        { order: 1, status: 'open', type: 'general' },
        { order: 2, status: 'closed', type: 'general' },
        { order: 3, status: 'closed', type: 'shoulder' },
      ],
    },
    geometry: {
      type: 'LineString',
      coordinates: Array.from({ length: 6 }, (_, n) => [round(start[0]! + n * 0.004), round(start[1]! + n * 0.002)]),
    },
  }
}

/** The registry (43 Socrata rows: 29 active keyless, 8 keyed, 6 inactive) and its 29 feeds, served from `origin`. */
function registry(origin: string, now: number, cities: City[], random: Rng) {
  const pages = new Map<string, string>()
  const rows: Record<string, unknown>[] = []
  EVENTS_PER_FEED.forEach((events, n) => {
    const state = STATES[n]!
    const local = cities.filter((city) => city.state === state)
    const pool = local.length ? local : cities
    const features = Array.from({ length: events }, (_, index) =>
      workZone(`${state}-${index}`, pool[Math.floor(random() * pool.length)]!, random, now, index),
    )
    const publisher = `${state.toUpperCase()} DOT (bench)`
    pages.set(
      `/wzdx-registry/${state}`,
      JSON.stringify({
        feed_info: {
          update_date: new Date(now).toISOString(),
          publisher,
          version: '4.2',
          data_sources: [{ data_source_id: '1', organization_name: publisher }],
        },
        type: 'FeatureCollection',
        features,
      }),
    )
    rows.push({
      state: state.toUpperCase(),
      issuingorganization: publisher,
      feedname: `WZDx ${state}`,
      url: { url: `${origin}/wzdx-registry/${state}` },
      format: 'GeoJSON',
      active: true,
      datafeed_frequency_update: '1h',
      version: '4.2',
      needapikey: false,
    })
  })
  for (let n = 0; n < 14; n++)
    rows.push({
      state: 'Bench',
      issuingorganization: `Keyed or inactive ${n}`,
      feedname: `Off feed ${n}`,
      url: { url: `${origin}/wzdx-registry/off-${n}?api_key=[your_key]` },
      format: 'GeoJSON',
      active: n >= 8 ? 'no' : 'yes',
      datafeed_frequency_update: '5m',
      version: '4.1',
      needapikey: n < 8,
    })
  pages.set('/registry', JSON.stringify(rows))
  return { pages, ids: STATES.slice(0, EVENTS_PER_FEED.length).map((state) => `wzdx-${state}-wzdx-${state}`) }
}

/** A Caltrans LCS district file of about `megabytes` MB (compact JSON, as cwwp2 serves it), every value a string. */
function lcsDistrict(megabytes: number, now: number, random: Rng): string {
  const records: string[] = []
  let size = 0
  const seconds = Math.floor(now / 1000)
  for (let index = 1; size < megabytes * 1e6; index++) {
    const lat = 33.7 + random() * 0.8
    const lon = -118.7 + random() * 0.9
    const side = (prefix: string, dLat: number) => ({
      [`${prefix}LocationName`]: `Street ${index % 500}`,
      [`${prefix}FreeFormDescription`]: 'Not Reported',
      [`${prefix}NearbyPlace`]: 'Los Angeles',
      [`${prefix}Longitude`]: lon.toFixed(5),
      [`${prefix}Latitude`]: (lat + dLat).toFixed(5),
      [`${prefix}Elevation`]: '90',
      [`${prefix}Direction`]: 'North',
      [`${prefix}County`]: 'Los Angeles',
      [`${prefix}Route`]: `I-${[5, 10, 105, 110, 405, 605, 710][index % 7]}`,
      [`${prefix}RouteSuffix`]: '',
      [`${prefix}PostmilePrefix`]: '',
      [`${prefix}Postmile`]: (index % 50).toFixed(1),
      [`${prefix}PostmileSuffix`]: '',
      [`${prefix}Alignment`]: 'Not Reported',
    })
    const start = seconds + Math.round((random() - 0.3) * 5 * 86_400)
    const record = JSON.stringify({
      lcs: {
        index: String(index),
        recordTimestamp: { recordDate: '2026-11-27', recordTime: '06:00:00', recordEpoch: String(seconds) },
        location: { travelFlowDirection: 'North', begin: side('begin', 0), end: side('end', 0.01) },
        closure: {
          closureID: `C7${index}`,
          logNumber: '1',
          closureTimestamp: {
            closureRequestDate: '2026-11-20',
            closureRequestTime: '10:00',
            closureStartDate: '2026-11-27',
            closureStartTime: '21:00',
            closureStartEpoch: String(start),
            closureEndDate: '2026-11-28',
            closureEndTime: '05:00',
            closureEndEpoch: String(start + 8 * 3600),
            isClosureEndIndefinite: 'false',
          },
          facility: index % 5 === 0 ? 'Off Ramp' : 'Mainline',
          typeOfClosure: index % 9 === 0 ? 'Full' : 'Lane',
          typeOfWork: 'Roadwork',
          durationOfClosure: 'Daily',
          estimatedDelay: 'Not Reported',
          lanesExisting: '4',
          lanesClosed: String(1 + (index % 3)),
          isCode1098: index % 11 === 0 ? 'true' : 'false',
          isCode1097: 'false',
          isCode1022: 'false',
          isCHINReportable: 'false',
        },
      },
    })
    records.push(record)
    size += record.length + 1
  }
  return `{"data":[${records.join(',')}]}`
}

/**
 * The road sources for bench:feeds: pages to serve, feed configurations, a wait for every one of them, and a report.
 * @example const roads = roadsBench(origin, Date.now(), cities, random); for (const [path, body] of roads.pages) pages.set(path, body)
 */
export function roadsBench(origin: string, now: number, cities: City[], random: Rng) {
  const pages = new Map<string, string>()
  const made = REGISTRY ? registry(origin, now, cities, random) : { pages: new Map<string, string>(), ids: [] }
  for (const [path, body] of made.pages) pages.set(path, body)
  if (LCS_MB > 0) pages.set('/lcs/d07', lcsDistrict(LCS_MB, now, random))
  const ids = [...(REGISTRY ? ['bench-registry', ...made.ids] : []), ...(LCS_MB > 0 ? ['caltrans-lcs-d07'] : [])]
  const bytes = (prefix: string) =>
    [...pages].filter(([path]) => path.startsWith(prefix)).reduce((sum, [, body]) => sum + body.length, 0)
  return {
    pages,
    feeds: (common: Record<string, unknown>) => [
      ...(REGISTRY
        ? [
            {
              id: 'bench-registry',
              name: 'WZDx registry (bench)',
              adapter: 'wzdx-registry',
              url: `${origin}/registry`,
              ...common,
            },
          ]
        : []),
      ...(LCS_MB > 0
        ? [
            {
              id: 'caltrans-lcs-d07',
              name: 'Caltrans LCS D7 (bench)',
              adapter: 'caltrans-lcs',
              url: `${origin}/lcs/d07`,
              ...common,
              options: { district: 7 },
            },
          ]
        : []),
    ],
    /** Waits until every road feed has a success or an error recorded (registry feeds appear once the registry ran). */
    async settle(db: DatabaseSync, finished: Map<string, number>, started: number) {
      while (!ids.every((id) => finished.has(id))) {
        await new Promise((done) => setTimeout(done, 200))
        for (const row of db.prepare('select id, last_success_at, last_error from feeds').all() as {
          id: string
          last_success_at: string | null
          last_error: string | null
        }[])
          if ((row.last_success_at || row.last_error) && !finished.has(row.id)) finished.set(row.id, performance.now() - started)
      }
    },
    report(finished: Map<string, number>, counts: { feed_id: string; n: number }[]) {
      const at = (id: string) => ((finished.get(id) ?? 0) / 1000).toFixed(1)
      const stored = (match: (id: string) => boolean) =>
        counts.filter((row) => match(row.feed_id)).reduce((sum, row) => sum + row.n, 0)
      const lastRegistryFeed = Math.max(...made.ids.map((id) => finished.get(id) ?? 0)) / 1000
      return [
        REGISTRY
          ? `  WZDx registry   43 rows, ${made.ids.length} feeds run, ${EVENTS_PER_FEED.reduce((a, b) => a + b, 0).toLocaleString('en-US')} events, ${(bytes('/wzdx-registry/') / 1e6).toFixed(1)} MB: registry read after ${at('bench-registry')} s, all ${made.ids.length} feeds stored after ${lastRegistryFeed.toFixed(1)} s (${stored((id) => made.ids.includes(id)).toLocaleString('en-US')} items)`
          : null,
        LCS_MB > 0
          ? `  Caltrans LCS D7 ${((pages.get('/lcs/d07') ?? '').length / 1e6).toFixed(1)} MB: stored after ${at('caltrans-lcs-d07')} s (${stored((id) => id === 'caltrans-lcs-d07').toLocaleString('en-US')} closures current)`
          : null,
      ]
        .filter(Boolean)
        .join('\n')
    },
  }
}
