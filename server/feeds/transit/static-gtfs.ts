// Reads an agency's static GTFS zip into the little the alert adapter needs: where each stop is, each
// route's name and the area its stops cover, and each agency's name, link and area (TransitIndex).
import type { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import yauzl from 'yauzl'
import type { Entry, ZipFile } from 'yauzl'
import { boxAdd, type Box, type TransitIndex } from './transit-index.ts'

/** Largest uncompressed size read per file: stops, routes and agencies are small; stop_times is streamed. */
export const STATIC_FILE_CAPS: Record<string, number> = {
  'agency.txt': 1_000_000,
  'stops.txt': 50_000_000,
  'routes.txt': 10_000_000,
  'trips.txt': 200_000_000,
  'stop_times.txt': 2_000_000_000,
}
/** A static read longer than this stops (a hostile zip of well-compressed rows must not keep the CPU busy for long). */
export const STATIC_READ_MS = 300_000
/** Longest CSV record accepted: a real stops.txt line is under 1 kB. */
const MAX_RECORD_CHARS = 100_000
/** Trips kept per route to learn its stops: one per pattern (shape or direction), at most this many. */
export const TRIPS_PER_ROUTE = 8

type Row = Record<string, string>

const openZip = (bytes: Buffer): Promise<ZipFile> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  )

/** The zip's entries by base name (some agencies put the files in a folder). */
function entries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, Entry>()
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName.split('/').pop() ?? ''
      if (name in STATIC_FILE_CAPS && !found.has(name)) found.set(name, entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(found))
    zip.once('error', reject)
    zip.readEntry()
  })
}

const openEntry = (zip: ZipFile, entry: Entry): Promise<Readable> =>
  new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))))

/**
 * Streams one CSV file of the zip through csv-parse, a chunk at a time (requests are answered between
 * chunks); an absent file reads as no rows, a file over its cap throws.
 */
async function eachRow(
  zip: ZipFile,
  files: Map<string, Entry>,
  name: string,
  deadline: number,
  visit: (row: Row) => void,
): Promise<void> {
  const entry = files.get(name)
  if (!entry) return
  if (entry.uncompressedSize > STATIC_FILE_CAPS[name]!) throw new Error(`Static GTFS: ${name} is larger than the cap`)
  const stream = await openEntry(zip, entry)
  const rows = stream.pipe(
    parse({
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  )
  let count = 0
  for await (const row of rows as AsyncIterable<Row>) {
    visit(row)
    if (++count % 10_000 === 0 && Date.now() > deadline) {
      stream.destroy()
      throw new Error(`Static GTFS: reading took longer than ${STATIC_READ_MS / 1000} s`)
    }
  }
}

const coordinate = (text: string | undefined, limit: number): number | null => {
  const value = Number(text)
  return text && Number.isFinite(value) && Math.abs(value) <= limit ? value : null
}

/**
 * Reads agency.txt, stops.txt, routes.txt and, for each route, up to TRIPS_PER_ROUTE trips of different
 * patterns from trips.txt and their stops from stop_times.txt. stop_times.txt is the large file (hundreds
 * of MB in big cities): it is streamed row by row and only the kept trips' stops are remembered, so
 * memory stays at the size of the answer. A zip without stops.txt throws.
 * @example const index = await readStaticGtfs(zipBytes) // index.routes['224'].box
 */
export async function readStaticGtfs(bytes: Buffer, timeLimitMs = STATIC_READ_MS): Promise<TransitIndex> {
  const deadline = Date.now() + timeLimitMs
  const zip = await openZip(bytes)
  try {
    const files = await entries(zip)
    if (!files.has('stops.txt')) throw new Error('Static GTFS: no stops.txt in the zip')
    const index: TransitIndex = { stops: {}, routes: {}, agencies: {}, box: null }
    await eachRow(zip, files, 'agency.txt', deadline, (row) => {
      const name = row['agency_name']
      if (name) index.agencies[row['agency_id'] ?? ''] = { name, url: row['agency_url'] || null, box: null }
    })
    await eachRow(zip, files, 'stops.txt', deadline, (row) => {
      const lat = coordinate(row['stop_lat'], 90)
      const lon = coordinate(row['stop_lon'], 180)
      if (!row['stop_id'] || lat === null || lon === null || (lat === 0 && lon === 0)) return
      index.stops[row['stop_id']] = [lat, lon]
      index.box = boxAdd(index.box, lat, lon)
    })
    const onlyAgency = Object.keys(index.agencies).length === 1 ? Object.keys(index.agencies)[0]! : null
    await eachRow(zip, files, 'routes.txt', deadline, (row) => {
      const id = row['route_id']
      if (!id) return
      const short = row['route_short_name'] ?? ''
      const long = row['route_long_name'] ?? ''
      const name = short && long ? `${short} ${long}` : short || long || id
      index.routes[id] = { name, agency: row['agency_id'] || onlyAgency, box: null }
    })
    // trip id → route id for a few trips of each route, one per pattern (shape, else direction).
    const kept = new Map<string, string>()
    const patterns = new Map<string, Set<string>>()
    await eachRow(zip, files, 'trips.txt', deadline, (row) => {
      const route = row['route_id']
      const trip = row['trip_id']
      if (!route || !trip || !index.routes[route]) return
      const seen = patterns.get(route) ?? new Set<string>()
      patterns.set(route, seen)
      const pattern = row['shape_id'] || `direction ${row['direction_id'] ?? ''}`
      if (seen.has(pattern) || seen.size >= TRIPS_PER_ROUTE) return
      seen.add(pattern)
      kept.set(trip, route)
    })
    const boxes = new Map<string, Box | null>()
    const served = new Map<string, Set<string>>()
    await eachRow(zip, files, 'stop_times.txt', deadline, (row) => {
      const route = kept.get(row['trip_id'] ?? '')
      const stopId = row['stop_id'] ?? ''
      const stop = index.stops[stopId]
      if (!route || !stop) return
      boxes.set(route, boxAdd(boxes.get(route) ?? null, stop[0], stop[1]))
      served.set(route, (served.get(route) ?? new Set<string>()).add(stopId))
    })
    const agencyStops = new Map<string, Set<string>>()
    for (const [id, route] of Object.entries(index.routes)) {
      route.box = boxes.get(id) ?? null
      const key = index.agencies[route.agency ?? ''] ? (route.agency ?? '') : onlyAgency
      const agency = key !== null ? index.agencies[key] : undefined
      if (key === null || !agency || !route.box) continue
      agency.box = boxAdd(boxAdd(agency.box, route.box[0], route.box[1]), route.box[2], route.box[3])
      const stops = agencyStops.get(key) ?? new Set<string>()
      for (const stop of served.get(id) ?? []) stops.add(stop)
      agencyStops.set(key, stops)
    }
    for (const [key, stops] of agencyStops) index.agencies[key]!.stops = [...stops]
    return index
  } finally {
    zip.close()
  }
}
