// Builds the reaction answer as JSON text from the items' stored views: no parsing, one string per item.
import { haversineKm } from '../../src/lib/geo.ts'
import { ASPECTS, CAMERAS_CAP, priorityRank, type Aspect } from '../../src/lib/items.ts'
import type { NearItem } from '../db/queries/items.ts'
import { distanceToShape, type Shape } from '../feeds/geometry.ts'

const KM_PER_MILE = 1.609344

type Found = { item: NearItem; miles: number; rank: number }

const byPriorityThenDistance = (a: Found, b: Found): number =>
  a.rank - b.rank || a.miles - b.miles || a.item.sort_order - b.item.sort_order || a.item.id - b.item.id

/** One message: the stored view with the distance (miles, one decimal) put first. */
const message = ({ item, miles }: Found): string => `{"distance":${Math.round(miles * 10) / 10},${item.view.slice(1)}`

/**
 * The four sections for a point: items whose circle holds it plus the page's own items, each
 * section sorted by priority, then distance, then the staff's order; cameras capped at 60. An item
 * with a geometry (in `shapes`) holds the point within its reach of the shape (0 inside a polygon),
 * and its distance is to the shape.
 */
export function reactionJson(
  lat: number,
  lon: number,
  near: NearItem[],
  ofPage: NearItem[],
  shapes: ReadonlyMap<number, Shape> = new Map(),
): string {
  const sections = new Map<string, Found[]>(ASPECTS.map((aspect) => [aspect, []]))
  const seen = new Set<number>()
  const add = (item: NearItem, always: boolean): void => {
    if (seen.has(item.id)) return
    const shape = shapes.get(item.id)
    const miles = shape
      ? distanceToShape(lat, lon, shape, always ? Infinity : item.area_miles)
      : haversineKm(lat, lon, item.lat, item.lon) / KM_PER_MILE
    if (!always && miles > item.area_miles) return
    seen.add(item.id)
    sections.get(item.data_aspect)?.push({ item, miles, rank: priorityRank(item.priority) })
  }
  for (const item of ofPage) add(item, true)
  for (const item of near) add(item, false)
  const parts = ASPECTS.map((aspect: Aspect) => {
    const found = sections.get(aspect)!.sort(byPriorityThenDistance)
    const shown = aspect === 'cameras' ? found.slice(0, CAMERAS_CAP) : found
    return `"${aspect}":{"messages":[${shown.map(message).join(',')}]}`
  })
  return `{${parts.join(',')}}`
}
