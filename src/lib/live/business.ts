/** A local business read from an item's special data (SPEC section 3), defensively: staff type it as free JSON. */
import { isObject } from '../is-object.ts'
import type { AlertItem } from '../items.ts'
import { safeHttpUrl } from '../safe-url.ts'
import { parseWeek, type WeekHours } from './hours.ts'

export { safeHttpUrl }

/** The SPEC's business categories (section 3, Vocabularies), all eleven shown and filtered as they are. */
export const BUSINESS_CATEGORIES = [
  'restaurant',
  'cafe',
  'bar',
  'retail',
  'service',
  'entertainment',
  'health',
  'education',
  'automotive',
  'professional',
  'other',
] as const
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number]
export type BusinessLinks = {
  web: string | null
  fb: string | null
  menu: string | null
  order: string | null
  map: string | null
}
export type Business = {
  id: number
  title: string
  category: BusinessCategory
  service: string[]
  description: string | null
  phone: string | null
  address: string | null
  lat: number | null
  lon: number | null
  image: string | null
  hoursText: string | null
  week: WeekHours
  links: BusinessLinks
  distance: number
}

const TITLE_MAX = 200
const DESCRIPTION_MAX = 2000
const TEXT_MAX = 300

/**
 * Words staff or older data use for the same categories: 'eatery' is the special-data list's
 * (SPEC section 3) name for places to eat, read as restaurant.
 */
const CATEGORY_ALIASES: Record<string, BusinessCategory> = {
  eatery: 'restaurant',
  coffee: 'cafe',
  pub: 'bar',
  shop: 'retail',
  school: 'education',
  auto: 'automotive',
}

/** Trimmed text capped at `max` characters (whole code points, so an emoji is never cut in half), or null when empty. */
function text(value: unknown, max: number): string | null {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : ''
  const trimmed = raw.trim()
  if (!trimmed) return null
  return trimmed.length > max ? Array.from(trimmed).slice(0, max).join('').trim() : trimmed
}

function coordinate(value: unknown, limit: number): number | null {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null
}

/** The item's position, unless missing or 0,0 (what an item without one carries). */
function itemPosition(item: AlertItem): [number, number] | [null, null] {
  const lat = coordinate(item.lat, 90)
  const lon = coordinate(item.lon, 180)
  return lat === null || lon === null || (lat === 0 && lon === 0) ? [null, null] : [lat, lon]
}

function readSpecial(json: string | null): Record<string, unknown> {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/** Lower-cased, without accents, so 'Cafe' finds 'Café'. */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * A business category word as staff or data write it, read as one of the SPEC's eleven ('eatery' is
 * restaurant); 'other' for anything else. Shown everywhere through its one translated label.
 * @example readCategory('Eatery') // 'restaurant'
 */
export function readCategory(value: unknown): BusinessCategory {
  const word = fold(text(value, TEXT_MAX) ?? '')
  return BUSINESS_CATEGORIES.find((category) => category === word) ?? CATEGORY_ALIASES[word] ?? 'other'
}

/**
 * The words stored data may use for a business category: the category itself and the words read as it, so a
 * filter on one label finds them all (the editor's list).
 * @example categoryWords('restaurant') // ['restaurant', 'eatery']
 */
export function categoryWords(category: string): string[] {
  return [category, ...Object.keys(CATEGORY_ALIASES).filter((word) => CATEGORY_ALIASES[word] === category)]
}

function readService(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map((entry) => text(entry, TEXT_MAX)) : (text(value, TEXT_MAX) ?? '').split(',')
  return list.map((entry) => entry?.trim() ?? '').filter(Boolean)
}

function mapLink(lat: number | null, lon: number | null, address: string | null): string | null {
  if (lat !== null && lon !== null) return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null
}

/**
 * Never throws: malformed JSON or wrong types give a business with what is usable (title falls back to item.title).
 * @example parseBusiness(item).links.menu // 'https://riverbendcafe.example/menu'
 */
export function parseBusiness(item: AlertItem): Business {
  const special = readSpecial(typeof item.data?.specialData === 'string' ? item.data.specialData : null)
  let lat = coordinate(special['lat'], 90)
  let lon = coordinate(special['lon'], 180)
  // Half a position would put the pin on the equator or the prime meridian; the item's own position is next best.
  if (lat === null || lon === null) [lat, lon] = itemPosition(item)
  const address = text(special['address'], TEXT_MAX) ?? text(item.data?.location, TEXT_MAX)
  return {
    id: item.id,
    title: text(special['title'], TITLE_MAX) ?? text(item.title, TITLE_MAX) ?? '',
    category: readCategory(special['category'] ?? item.dataCategory),
    service: readService(special['service']),
    description: text(special['description'], DESCRIPTION_MAX),
    phone: text(special['phone'], TEXT_MAX),
    address,
    lat,
    lon,
    image: safeHttpUrl(special['image']) ?? safeHttpUrl(item.image),
    hoursText: text(special['hoursText'], TEXT_MAX),
    week: parseWeek(special),
    links: {
      web: safeHttpUrl(special['web']) ?? safeHttpUrl(item.link),
      fb: safeHttpUrl(special['fb']),
      menu: safeHttpUrl(special['menu']),
      order: safeHttpUrl(special['ordering'] ?? special['order']),
      map: mapLink(lat, lon, address),
    },
    distance: typeof item.distance === 'number' && Number.isFinite(item.distance) ? item.distance : 0,
  }
}

/**
 * Case- and accent-insensitive search over title, category, service, description and address; empty query matches all.
 * Every word of the query must appear somewhere, so 'pizza main' finds a pizzeria on Main St.
 * @example matchesSearch(business, 'CAFE') // true for '[Demo] Riverbend Café'
 */
export function matchesSearch(business: Business, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (!words.length) return true
  const fields = [business.title, business.category, ...business.service, business.description, business.address]
  const haystack = fold(fields.filter((field) => field !== null).join('\n'))
  return words.every((word) => haystack.includes(word))
}

/**
 * Phone as a tel: href (digits and + only), or null; an extension ('x12', 'ext. 12') is left out.
 * @example telHref('(425) 555-0101') // 'tel:4255550101'
 */
export function telHref(phone: string | null): string | null {
  if (typeof phone !== 'string') return null
  const number = phone.replace(/\s*(?:x|ext\.?|extension)\s*\d+\s*$/i, '').trim()
  const digits = number.replace(/\D/g, '')
  // 911 is the shortest number worth dialling; E.164 allows at most 15 digits.
  if (digits.length < 3 || digits.length > 15) return null
  return `tel:${number.startsWith('+') ? '+' : ''}${digits}`
}
