// Pure helpers for the radar loop: IEM NEXRAD N0Q composite frames over OpenStreetMap tiles (DATA_SOURCES 5.4, 7.1).
// No DOM, no fetch: the RadarMap island fetches TMS_URL and passes the JSON to latestFrameTime.
import { isObject } from '../is-object.ts'

export const RADAR_FRAME_MINUTES = 5
/** Twelve frames five minutes apart: about the last hour. */
export const RADAR_FRAMES = 12
export const RADAR_FRAME_MS = 500
export const RADAR_REFRESH_MS = 5 * 60_000
export const RADAR_OPACITY = 0.7
export const RADAR_ZOOM = 8

/** IEM Tile Map Service metadata: the newest valid time of each mosaic. */
export const TMS_URL = 'https://mesonet.agron.iastate.edu/json/tms.json'
/** Immutable, long-cached endpoint (14 days): a frame's URL never changes, so the loop never tears. */
const RADAR_TILES = 'https://mesonet.agron.iastate.edu/c/tile.py/1.0.0/ridge::USCOMP-N0Q-'
export const RADAR_ATTRIBUTION = 'Radar: NOAA NEXRAD via <a href="https://mesonet.agron.iastate.edu/">IEM</a>'

/** tile.openstreetmap.org: exactly this URL, visible attribution (OSM tile policy). */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/**
 * Extent of the IEM CONUS composite: 12200 × 5400 px at 0.005° from 126°W, 50°N, so 126°W–65°W, 23°N–50°N.
 * Alaska, Hawaii, Puerto Rico and Guam are outside it.
 */
export const RADAR_BOUNDS = { south: 23, north: 50, west: -126, east: -65 } as const

export type RadarFrame = { time: number; url: string }

const STEP = RADAR_FRAME_MINUTES * 60_000

/** Floors a time (ms) to the five-minute mark the mosaics are made at. */
export function floorToFrame(time: number): number {
  return Math.floor(time / STEP) * STEP
}

/** The UTC stamp of a frame's layer name, YYYYMMDDHHMI. */
export function radarStamp(time: number): string {
  return new Date(time).toISOString().replace(/[-:T]/g, '').slice(0, 12)
}

/** Tile template of one frame on the immutable /c/ endpoint. */
export function radarTileUrl(time: number): string {
  return `${RADAR_TILES}${radarStamp(floorToFrame(time))}/{z}/{x}/{y}.png`
}

/**
 * The newest N0Q mosaic time from tms.json (`services[].id === 'ridge_uscomp_n0q'`, `utc_valid`), floored to five
 * minutes. Missing, unparsable or future values give the previous five-minute mark before `now`.
 */
export function latestFrameTime(tms: unknown, now: number): number {
  const fallback = floorToFrame(now) - STEP
  const services = isObject(tms) ? tms['services'] : undefined
  if (!Array.isArray(services)) return fallback
  const service: unknown = services.find((item) => isObject(item) && item['id'] === 'ridge_uscomp_n0q')
  const valid = isObject(service) ? service['utc_valid'] : undefined
  if (typeof valid !== 'string') return fallback
  // The service writes ISO 8601 with Z; a stamp without a zone is still UTC, not the browser's local time.
  const time = Date.parse(/(?:Z|[+-]\d\d:?\d\d)$/i.test(valid) ? valid : `${valid}Z`)
  if (!Number.isFinite(time) || time > now) return fallback
  return floorToFrame(time)
}

/** `count` frames five minutes apart ending at `latest`, oldest first. */
export function radarFrames(latest: number, count: number = RADAR_FRAMES): RadarFrame[] {
  const newest = floorToFrame(latest)
  const length = Math.max(0, Math.floor(count))
  return Array.from({ length }, (_, i) => {
    const time = newest - (length - 1 - i) * STEP
    return { time, url: radarTileUrl(time) }
  })
}

/**
 * Which frame to show after the list is refreshed: the newest if the newest was shown (or the shown one is gone),
 * else the same time, so a paused loop stays put.
 */
export function refreshedIndex(previous: readonly RadarFrame[], index: number, next: readonly RadarFrame[]): number {
  const shown = previous[index]
  const kept = shown ? next.findIndex((frame) => frame.time === shown.time) : -1
  return !shown || index === previous.length - 1 || kept < 0 ? next.length - 1 : kept
}

/** Whether the CONUS N0Q mosaic covers a point (RADAR_BOUNDS). */
export function radarCovers(point: { lat: number; lon: number }): boolean {
  const { lat, lon } = point
  const { south, north, west, east } = RADAR_BOUNDS
  return lat >= south && lat <= north && lon >= west && lon <= east
}
