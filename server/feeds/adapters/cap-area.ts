// The area of a CAP info, as precise as the message allows: its polygons and circles as GeoJSON, else its UGC
// forecast, marine or fire zones as NWS zones (the engine resolves them to shapes), else its SAME counties from
// the packaged Census layer (server/feeds/counties.ts), else those counties' NWS zones.
import { countiesShape } from '../counties.ts'
import type { FeedGeometry, Position } from '../types.ts'
import type { CapArea } from './cap.ts'

/** State FIPS code to postal code (states, DC and territories NWS has county zones for). */
export const STATE_BY_FIPS: Record<string, string> = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  '10': 'DE',
  '11': 'DC',
  '12': 'FL',
  '13': 'GA',
  '15': 'HI',
  '16': 'ID',
  '17': 'IL',
  '18': 'IN',
  '19': 'IA',
  '20': 'KS',
  '21': 'KY',
  '22': 'LA',
  '23': 'ME',
  '24': 'MD',
  '25': 'MA',
  '26': 'MI',
  '27': 'MN',
  '28': 'MS',
  '29': 'MO',
  '30': 'MT',
  '31': 'NE',
  '32': 'NV',
  '33': 'NH',
  '34': 'NJ',
  '35': 'NM',
  '36': 'NY',
  '37': 'NC',
  '38': 'ND',
  '39': 'OH',
  '40': 'OK',
  '41': 'OR',
  '42': 'PA',
  '44': 'RI',
  '45': 'SC',
  '46': 'SD',
  '47': 'TN',
  '48': 'TX',
  '49': 'UT',
  '50': 'VT',
  '51': 'VA',
  '53': 'WA',
  '54': 'WV',
  '55': 'WI',
  '56': 'WY',
  '60': 'AS',
  '66': 'GU',
  '69': 'MP',
  '72': 'PR',
  '78': 'VI',
}

export const COUNTY_ZONE_BASE = 'https://api.weather.gov/zones/county/'
/** Vertices of the polygon a CAP circle becomes. */
const CIRCLE_VERTICES = 32
const EARTH_KM = 6371.0088
/** A circle wider than a large state is not an alert area (and would wrap the map). */
const MAX_RADIUS_KM = 1000

/**
 * A SAME code (PSSCCC: P a part of the county, SS the state FIPS, CCC the county FIPS) as its NWS county
 * zone URL; null for a whole state (county 000) or an unknown state.
 * @example sameZone('053033') // 'https://api.weather.gov/zones/county/WAC033'
 */
export function sameZone(code: string, base = COUNTY_ZONE_BASE): string | null {
  const match = /^\d(\d{2})(\d{3})$/.exec(code.trim())
  if (!match || match[2] === '000') return null
  const state = STATE_BY_FIPS[match[1]!]
  return state ? `${base}${state}C${match[2]}` : null
}

/**
 * A SAME code's county as its 5-digit FIPS code (state then county, the part digit dropped); null for a whole
 * state (county 000) or an unknown state.
 * @example sameCounty('124013') // '24013' (Carroll County, MD; its northwest part)
 */
export function sameCounty(code: string): string | null {
  const match = /^\d(\d{2})(\d{3})$/.exec(code.trim())
  return match && match[2] !== '000' && STATE_BY_FIPS[match[1]!] ? `${match[1]}${match[2]}` : null
}

const validPoint = (lat: number, lon: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180

/**
 * A CAP polygon ("lat,lon lat,lon …", latitude first: the reverse of GeoJSON) as a closed GeoJSON ring; null
 * when a pair is malformed or there are fewer than three distinct points.
 * @example capRing('47.6,-122.4 47.7,-122.4 47.7,-122.3 47.6,-122.4') // [[-122.4, 47.6], [-122.4, 47.7], [-122.3, 47.7], [-122.4, 47.6]]
 */
export function capRing(text: string): Position[] | null {
  const ring: Position[] = []
  for (const pair of text.trim().split(/\s+/)) {
    const [lat, lon, extra] = pair.split(',').map(Number)
    if (extra !== undefined || lat === undefined || lon === undefined || !validPoint(lat, lon)) return null
    ring.push([lon, lat])
  }
  const first = ring[0]
  const last = ring[ring.length - 1]
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first)
  return ring.length >= 4 ? ring : null
}

/**
 * A CAP circle ("lat,lon radius", radius in km) as a 32-sided polygon; null when malformed. A radius of 0
 * (CAP allows it for a point) becomes 1 km.
 * @example capCircle('47.6,-122.3 5')?.length // 33
 */
export function capCircle(text: string): Position[] | null {
  const [centre, radiusText, extra] = text.trim().split(/\s+/)
  const [lat, lon, more] = (centre ?? '').split(',').map(Number)
  const radius = Number(radiusText)
  if (extra !== undefined || more !== undefined || lat === undefined || lon === undefined || !validPoint(lat, lon)) return null
  if (!Number.isFinite(radius) || radius < 0 || radius > MAX_RADIUS_KM) return null
  const km = Math.max(radius, 1)
  const dLat = (km / EARTH_KM) * (180 / Math.PI)
  const dLon = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01)
  const ring: Position[] = []
  for (let step = 0; step < CIRCLE_VERTICES; step++) {
    const angle = (2 * Math.PI * step) / CIRCLE_VERTICES
    const round = (value: number) => Math.round(value * 1e5) / 1e5
    ring.push([round(lon + dLon * Math.cos(angle)), round(lat + dLat * Math.sin(angle))])
  }
  ring.push(ring[0]!)
  return ring
}

/**
 * A UGC code (SSCnnn a county, SSZnnn a forecast or marine zone, a fire weather zone for fire alerts) as its NWS
 * zone URL, next to the county zones of `base`; null when it is not a UGC zone code.
 * @example ugcZone('PZZ130') // 'https://api.weather.gov/zones/forecast/PZZ130'
 */
export function ugcZone(code: string, base = COUNTY_ZONE_BASE, fire = false): string | null {
  const match = /^([A-Z]{2})([CZ])(\d{3})$/.exec(code.trim().toUpperCase())
  if (!match) return null
  const root = base.replace(/county\/?$/, '')
  const kind = match[2] === 'C' ? 'county' : fire ? 'fire' : 'forecast'
  return `${root}${kind}/${match[0]}`
}

/** Events NWS issues for fire weather zones. */
const FIRE_EVENTS = /red flag|fire weather/i

export type CapShape = { geometry: FeedGeometry | null; zones: string[]; areaDesc: string | null }

/** The names of an info's areas, joined ("Coastal Pender; Coastal New Hanover"); null when none has one. */
export function areaNames(areas: CapArea[]): string | null {
  const names = areas.map((area) => area.areaDesc).filter((name): name is string => name !== null)
  return names.length ? names.join('; ') : null
}

/**
 * Where an info applies: the union of its areas' polygons and circles as one (Multi)Polygon; when none has
 * a usable shape, the NWS zones of its UGC codes; without those, its SAME counties merged from the packaged
 * Census layer (no network); when one of them is not in the layer, the NWS county zones of them all, so one
 * alert never shows on part of its area.
 */
export function capShape(areas: CapArea[], zoneBase = COUNTY_ZONE_BASE, event = ''): CapShape {
  const polygons: Position[][][] = []
  const counties = new Set<string>()
  const zones = new Set<string>()
  const ugc = new Set<string>()
  const fire = FIRE_EVENTS.test(event)
  for (const area of areas) {
    for (const text of area.polygons) {
      const ring = capRing(text)
      if (ring) polygons.push([ring])
    }
    for (const text of area.circles) {
      const ring = capCircle(text)
      if (ring) polygons.push([ring])
    }
    for (const code of area.same) {
      const county = sameCounty(code)
      const zone = sameZone(code, zoneBase)
      if (county) counties.add(county)
      if (zone) zones.add(zone)
    }
    for (const code of area.ugc) {
      const zone = ugcZone(code, zoneBase, fire)
      if (zone) ugc.add(zone)
    }
  }
  const areaDesc = areaNames(areas)
  if (polygons.length === 1) return { geometry: { type: 'Polygon', coordinates: polygons[0]! }, zones: [], areaDesc }
  if (polygons.length > 1) return { geometry: { type: 'MultiPolygon', coordinates: polygons }, zones: [], areaDesc }
  if (ugc.size) return { geometry: null, zones: [...ugc], areaDesc }
  const packaged = counties.size ? countiesShape([...counties]) : null
  if (packaged) return { geometry: packaged, zones: [], areaDesc }
  return { geometry: null, zones: [...zones], areaDesc }
}
