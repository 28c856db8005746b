// The transit sources of bench:feeds (scripts/bench-feeds.ts): a Mobility Database catalogue listing 50 agencies'
// GTFS-realtime service-alert feeds, each with its static GTFS zip (stops, routes, trips, stop_times at sizes from a big
// city's bus network to a rural shuttle) and its alerts in protobuf. BENCH_TRANSIT=0 leaves them out.
// The zips are written with the `zip` tool (Info-ZIP), as the test fixture is.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import GtfsRealtimeBindings from 'gtfs-realtime-bindings'
import type { City } from '../src/lib/cities.ts'

const TRANSIT = process.env['BENCH_TRANSIT'] !== '0'
/**
 * Stops per agency: a few big-city networks (the largest US bus networks have 8,000–15,000 stops), a middle of
 * county systems and a tail of small ones. An assumed spread, not a census.
 */
const STOPS = [
  9000,
  7000,
  5000,
  4000,
  3000,
  2500,
  2000,
  1800,
  1500,
  1200,
  ...Array<number>(10).fill(900),
  ...Array<number>(10).fill(400),
  ...Array<number>(20).fill(120),
]
const STOPS_PER_ROUTE = 30
const TRIPS_PER_ROUTE = 60
const { FeedMessage } = GtfsRealtimeBindings.transit_realtime

type Rng = () => number
const round = (value: number): number => Math.round(value * 1e5) / 1e5

/** One agency's static GTFS as a zip: stops around its city, routes as lines of 30 stops, 60 trips each. */
function staticZip(n: number, city: City, stops: number, random: Rng): { zip: Buffer; routes: number; stopTimes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gtfs-'))
  try {
    const routes = Math.max(3, Math.round(stops / 40))
    const stopRows = Array.from(
      { length: stops },
      (_, s) =>
        `S${s},${s},Stop ${s} of agency ${n},${round(city.lat + (random() - 0.5) * 0.4)},${round(city.lon + (random() - 0.5) * 0.5)},0`,
    )
    writeFileSync(
      join(dir, 'agency.txt'),
      `agency_id,agency_name,agency_url,agency_timezone\nA${n},Bench Transit ${n},https://transit${n}.example/,${city.timezone}\n`,
    )
    writeFileSync(join(dir, 'stops.txt'), `stop_id,stop_code,stop_name,stop_lat,stop_lon,location_type\n${stopRows.join('\n')}\n`)
    writeFileSync(
      join(dir, 'routes.txt'),
      `route_id,agency_id,route_short_name,route_long_name,route_type\n${Array.from({ length: routes }, (_, r) => `R${r},A${n},${r + 1},Crosstown ${r + 1},3`).join('\n')}\n`,
    )
    const trips: string[] = []
    const times: string[] = []
    for (let r = 0; r < routes; r++) {
      const first = Math.floor(random() * Math.max(1, stops - STOPS_PER_ROUTE))
      for (let t = 0; t < TRIPS_PER_ROUTE; t++) {
        trips.push(`R${r},WK,T${r}-${t},${t % 2},R${r}-${t % 2}`)
        for (let s = 0; s < Math.min(STOPS_PER_ROUTE, stops); s++) {
          const stop = t % 2 ? first + STOPS_PER_ROUTE - 1 - s : first + s
          const minute = 360 + t * 15 + s * 2
          const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`
          times.push(`T${r}-${t},${clock},${clock},S${stop % stops},${s + 1}`)
        }
      }
    }
    writeFileSync(join(dir, 'trips.txt'), `route_id,service_id,trip_id,direction_id,shape_id\n${trips.join('\n')}\n`)
    writeFileSync(join(dir, 'stop_times.txt'), `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${times.join('\n')}\n`)
    execFileSync('zip', ['-q', '-X', 'gtfs.zip', 'agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'], {
      cwd: dir,
    })
    return { zip: readFileSync(join(dir, 'gtfs.zip')), routes, stopTimes: times.length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** One agency's alerts (about one per 60 stops): route detours and cuts, moved stops, agency-wide notices. */
function alertsFeed(n: number, stops: number, routes: number, now: number, random: Rng): Uint8Array {
  const seconds = Math.floor(now / 1000)
  const entity = Array.from({ length: Math.max(2, Math.round(stops / 60)) }, (_, a) => {
    const kind = a % 20 < 12 ? 'route' : a % 20 < 17 ? 'stop' : 'agency'
    const informedEntity =
      kind === 'route'
        ? Array.from({ length: 1 + (a % 2) }, () => ({ agencyId: `A${n}`, routeId: `R${Math.floor(random() * routes)}` }))
        : kind === 'stop'
          ? Array.from({ length: 1 + (a % 3) }, () => ({ stopId: `S${Math.floor(random() * stops)}` }))
          : [{ agencyId: `A${n}` }]
    const text = (en: string, es: string) => ({
      translation: [{ text: en, language: 'en' }, ...(a % 3 === 0 ? [{ text: es, language: 'es' }] : [])],
    })
    return {
      id: `bench-${n}-${a}`,
      alert: {
        activePeriod: [{ start: seconds - 3600, end: seconds + 86_400 * (1 + (a % 5)) }],
        informedEntity,
        cause: [10, 9, 6, 8, 13][a % 5],
        effect: [4, 2, 1, 9, 3, 6][a % 6],
        url: { translation: [{ text: `https://transit${n}.example/alerts/${a}`, language: 'en' }] },
        headerText: text(`Service change ${a} on agency ${n}`, `Cambio de servicio ${a} en la agencia ${n}`),
        descriptionText: text(
          'Buses detour around the work zone; stops on the closed blocks are not served. Allow ten extra minutes.',
          'Los autobuses se desvían alrededor de la zona de obras; las paradas de las cuadras cerradas no tienen servicio.',
        ),
      },
    }
  })
  return FeedMessage.encode(
    FeedMessage.fromObject({ header: { gtfsRealtimeVersion: '2.0', timestamp: seconds }, entity }),
  ).finish()
}

/** The catalogue CSV with the real export's columns, one static and one `sa` row per agency. */
function catalogue(origin: string, cities: City[]): string {
  const header =
    'mdb_source_id,data_type,entity_type,location.country_code,location.subdivision_name,location.municipality,provider,is_official,name,note,feed_contact_email,static_reference,urls.direct_download,urls.authentication_type,urls.authentication_info,urls.api_key_parameter_name,urls.latest,urls.license,status,features,redirect.id,redirect.comment'
  const rows = STOPS.flatMap((_, n) => {
    const city = cities[n]!
    const where = `US,${city.state.toUpperCase()},"${city.name}",Bench Transit ${n},True`
    return [
      `${60_000 + n},gtfs,,${where},,,,,${origin}/transit/${n}/gtfs.zip,0,,,${origin}/transit/${n}/gtfs.zip,,active,,,`,
      `${50_000 + n},gtfs-rt,sa,${where},Service Alerts,,,${60_000 + n},${origin}/transit/${n}/alerts.pb,0,,,,,active,,,`,
    ]
  })
  return `${header}\n${rows.join('\n')}\n`
}

/**
 * The transit sources for bench:feeds: pages to serve, the catalogue feed, a wait for every agency's feed, and a report.
 * @example const transit = transitBench(origin, Date.now(), cities, random); for (const [path, body] of transit.pages) pages.set(path, body)
 */
export function transitBench(origin: string, now: number, cities: City[], random: Rng) {
  const pages = new Map<string, string | Uint8Array>()
  const ids: string[] = []
  const sizes = { zip: 0, alerts: 0, alertCount: 0, stopTimes: 0 }
  if (TRANSIT) {
    const towns = [...cities].sort((a, b) => b.population - a.population).slice(0, STOPS.length)
    pages.set('/transit/catalogs.csv', catalogue(origin, towns))
    STOPS.forEach((stops, n) => {
      const made = staticZip(n, towns[n]!, stops, random)
      const alerts = alertsFeed(n, stops, made.routes, now, random)
      pages.set(`/transit/${n}/gtfs.zip`, made.zip)
      pages.set(`/transit/${n}/alerts.pb`, alerts)
      sizes.zip += made.zip.length
      sizes.alerts += alerts.length
      sizes.alertCount += Math.max(2, Math.round(stops / 60))
      sizes.stopTimes += made.stopTimes
      ids.push(`gtfs-rt-${50_000 + n}`)
    })
  }
  const waiting = TRANSIT ? ['bench-transit-catalogue', ...ids] : []
  return {
    pages,
    feeds: (common: Record<string, unknown>) =>
      TRANSIT
        ? [
            {
              id: 'bench-transit-catalogue',
              name: 'Mobility Database catalogue (bench)',
              adapter: 'gtfs-rt-catalog',
              url: `${origin}/transit/catalogs.csv`,
              ...common,
              accept: 'text/csv',
            },
          ]
        : [],
    async settle(db: DatabaseSync, finished: Map<string, number>, started: number) {
      while (!waiting.every((id) => finished.has(id))) {
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
      if (!TRANSIT) return ''
      const stored = counts.filter((row) => ids.includes(row.feed_id)).reduce((sum, row) => sum + row.n, 0)
      const catalogueAt = (finished.get('bench-transit-catalogue') ?? 0) / 1000
      const last = Math.max(...ids.map((id) => finished.get(id) ?? 0)) / 1000
      return `  Transit         ${STOPS.length} agencies from the catalogue: ${sizes.alertCount.toLocaleString('en-US')} alerts (${(sizes.alerts / 1e3).toFixed(0)} kB protobuf), static GTFS ${(sizes.zip / 1e6).toFixed(1)} MB zipped (${sizes.stopTimes.toLocaleString('en-US')} stop_times rows): catalogue read after ${catalogueAt.toFixed(1)} s, all ${ids.length} feeds stored after ${last.toFixed(1)} s (${stored.toLocaleString('en-US')} items)`
    },
  }
}
