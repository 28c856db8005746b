// Which OSM elements are businesses: the same kinds the Overpass query asks for (server/feeds/overpass/query.ts), plus
// lodging and visitor attractions (tourism), named. The tags become items through the Overpass mapping (businessItem).
import { AMENITIES } from '../feeds/overpass/categories.ts'

const AMENITY = new Set(AMENITIES)
/** tourism values kept: places that take visitors' money (not viewpoints, picnic sites or information boards). */
export const TOURISM = new Set([
  'hotel',
  'motel',
  'guest_house',
  'hostel',
  'apartment',
  'camp_site',
  'museum',
  'gallery',
  'zoo',
  'aquarium',
  'theme_park',
])
/** A tag value longer than this is cut before mapping (the mapping caps each field far lower). */
export const MAX_TAG_CHARS = 2000
/** Tags kept per element at most (a real business has a few dozen). */
export const MAX_TAGS = 200

/**
 * A named shop, office, craft, business amenity or tourism business.
 * @example isBusiness({ amenity: 'cafe', name: 'Mocha Joe' }) // true
 */
export function isBusiness(tags: Record<string, string> | undefined): tags is Record<string, string> {
  if (!tags?.['name']?.trim()) return false
  if (tags['shop'] || tags['office'] || tags['craft']) return true
  const amenity = tags['amenity']
  if (amenity && AMENITY.has(amenity)) return true
  const tourism = tags['tourism']
  return !!tourism && TOURISM.has(tourism)
}

/** The tags with huge values cut and at most MAX_TAGS of them; `capped` says whether anything was cut. */
export function boundedTags(tags: Record<string, string>): { tags: Record<string, string>; capped: boolean } {
  let capped = false
  const bounded: Record<string, string> = {}
  let count = 0
  for (const [key, value] of Object.entries(tags)) {
    if (++count > MAX_TAGS || key.length > 200) {
      capped = true
      continue
    }
    if (value.length > MAX_TAG_CHARS) capped = true
    bounded[key] = value.length > MAX_TAG_CHARS ? value.slice(0, MAX_TAG_CHARS) : value
  }
  return { tags: bounded, capped }
}
