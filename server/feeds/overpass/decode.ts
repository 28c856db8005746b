// An Overpass answer to local business items: the SPEC's business special data from OSM tags (ODbL, © OSM contributors).
import { cleanText, coordinate, httpUrl, isRecord, parseJson } from '../adapters/cameras/camera.ts'
import type { Attribution, DecodeResult, FeedItem } from '../types.ts'
import { categoryOf } from './categories.ts'
import { precomputeHours, type HoursPlace } from './hours.ts'

export const OSM_ATTRIBUTION: Attribution = { name: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' }
/** How far from a business a point still lists it. */
export const BUSINESS_AREA_MILES = 2
const ERRORS_KEPT = 5

const words = (value: string | undefined): string[] =>
  (value ?? '')
    .split(';')
    .map((word) => word.trim().replace(/_/g, ' '))
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .slice(0, 8)

/** Cuisine words, then services the element says yes to (service:vehicle:tyres=yes gives "Tyres"). */
function serviceOf(tags: Record<string, string>): string[] {
  const services = Object.entries(tags)
    .filter(([key, value]) => key.startsWith('service:') && value === 'yes')
    .flatMap(([key]) => words(key.split(':').at(-1)))
  return [...words(tags['cuisine']), ...services].slice(0, 10)
}

function addressOf(tags: Record<string, string>): string | null {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ')
  const town = [tags['addr:city'], tags['addr:postcode']].filter(Boolean).join(' ')
  return cleanText([street, town].filter(Boolean).join(', '), 300)
}

/** contact:facebook is a URL or a page name. */
function facebookOf(value: string | undefined): string | null {
  if (!value) return null
  if (/^https?:/i.test(value)) return httpUrl(value)
  return /^[\w.-]{1,100}$/.test(value) ? `https://www.facebook.com/${value}` : null
}

/** The element's tags as plain strings (Overpass gives strings; anything else is dropped). */
function tagsOf(element: Record<string, unknown>): Record<string, string> {
  const tags = isRecord(element['tags']) ? element['tags'] : {}
  return Object.fromEntries(Object.entries(tags).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** One business: the SPEC special data with OSM's raw opening_hours as hoursText and the evaluated days (`hoursOf`: a cache may stand in). */
export function businessItem(
  id: string,
  tags: Record<string, string>,
  lat: number,
  lon: number,
  place: HoursPlace,
  now: Date,
  hoursOf: typeof precomputeHours = precomputeHours,
): FeedItem {
  const name = cleanText(tags['name'], 200)!
  const category = categoryOf(tags)
  const web = httpUrl(tags['website'] ?? tags['contact:website'] ?? tags['url'])
  const hoursText = cleanText(tags['opening_hours'], 300)
  const hours = hoursText ? hoursOf(hoursText, place, now) : null
  const special = {
    category,
    title: name,
    service: serviceOf(tags),
    description: cleanText(tags['description'], 500),
    phone: cleanText(tags['phone'] ?? tags['contact:phone'], 60),
    address: addressOf(tags),
    lat,
    lon,
    web,
    fb: facebookOf(tags['contact:facebook']),
    menu: httpUrl(tags['website:menu']),
    hoursText,
    ...(hours ? { hoursFrom: hours.from, hoursDays: hours.days } : {}),
    source: 'osm',
  }
  return {
    sourceId: id,
    aspect: 'local',
    title: name,
    priority: 'Info',
    category,
    dataCategory: category,
    state: null,
    stateType: null,
    lines: [],
    link: web,
    image: null,
    specialData: JSON.stringify(special),
    lat,
    lon,
    areaMiles: BUSINESS_AREA_MILES,
    geometry: null,
    startsAt: null,
    endsAt: null,
    attribution: OSM_ATTRIBUTION,
  }
}

/**
 * `{ elements: [{ type: 'node', id, lat, lon, tags } | { type: 'way' | 'relation', id, center: { lat, lon }, tags }] }`.
 * Elements without a name or a position are skipped; a body that is not an Overpass answer throws.
 */
export function decodeOverpass(body: string, place: HoursPlace, now: Date): DecodeResult {
  const json = parseJson(body, 'an Overpass answer')
  if (!isRecord(json) || !Array.isArray(json['elements'])) {
    const remark = isRecord(json) ? cleanText(json['remark'], 200) : null
    throw new Error(`not an Overpass answer${remark ? `: ${remark}` : ': no elements'}`)
  }
  const result: DecodeResult = { items: [], skipped: 0, errors: [] }
  const skip = (reason: string): void => {
    result.skipped++
    if (result.errors.length < ERRORS_KEPT) result.errors.push(reason)
  }
  const seen = new Set<string>()
  json['elements'].forEach((element: unknown, index) => {
    if (!isRecord(element)) return skip(`element ${index}: not an object`)
    const type = element['type']
    const number = element['id']
    if ((type !== 'node' && type !== 'way' && type !== 'relation') || typeof number !== 'number' || !Number.isSafeInteger(number))
      return skip(`element ${index}: no type/id`)
    const id = `${type}/${number}`
    const tags = tagsOf(element)
    if (!cleanText(tags['name'])) return skip(`${id}: no name`)
    const point = type === 'node' ? element : isRecord(element['center']) ? element['center'] : {}
    const lat = coordinate(point['lat'], 90)
    const lon = coordinate(point['lon'], 180)
    if (lat === null || lon === null) return skip(`${id}: no position (a way needs "out center")`)
    if (seen.has(id)) return
    seen.add(id)
    result.items.push(businessItem(id, tags, lat, lon, place, now))
  })
  return result
}
