// What every camera adapter shares: one camera record in, one camera FeedItem out (or a reason to skip it).
import type { Attribution, DecodeResult, FeedItem } from '../../types.ts'
import { safeHttpUrl } from '../../../../src/lib/safe-url.ts'

/** How far from a camera a point still shows it: a few miles, so a city sees the cameras in and around it. */
export const CAMERA_AREA_MILES = 4
const TEXT_MAX = 200
const ERRORS_KEPT = 5

/** A camera as the adapters read it, before it becomes an item. */
export type Camera = {
  id: string
  title: string
  image: string
  lat: number
  lon: number
  direction: string | null
  road: string | null
  link: string | null
}

/** A camera as read from a record: any part may be missing until CameraBatch.add checks it. */
export type RawCamera = { [K in keyof Camera]: Camera[K] | null }

/** Trimmed text, HTML tags and entities of the common kind removed (some DOT feeds put markup in names), or null. */
export function cleanText(value: unknown, max = TEXT_MAX): string | null {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : ''
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text || /^(?:not reported|n\/a|null|undefined)$/i.test(text)) return null
  return text.length > max ? Array.from(text).slice(0, max).join('').trim() : text
}

/**
 * An absolute http(s) URL, or null: images and links from a feed are shown to visitors, so nothing else passes
 * (the same rule as the pages': src/lib/safe-url.ts).
 * @example httpUrl('javascript:alert(1)') // null
 */
export const httpUrl = safeHttpUrl

/** A number from a number or numeric string within ±limit; 0,0 is treated as missing by the caller. */
export function coordinate(value: unknown, limit: number): number | null {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null
}

const DIRECTIONS: Record<string, string> = {
  n: 'North',
  nb: 'North',
  north: 'North',
  northbound: 'North',
  s: 'South',
  sb: 'South',
  south: 'South',
  southbound: 'South',
  e: 'East',
  eb: 'East',
  east: 'East',
  eastbound: 'East',
  w: 'West',
  wb: 'West',
  west: 'West',
  westbound: 'West',
  ne: 'Northeast',
  nw: 'Northwest',
  se: 'Southeast',
  sw: 'Southwest',
  both: 'Both directions',
  'both directions': 'Both directions',
}

/**
 * The direction a camera looks (or the traffic it watches) as a word; unknown words are kept as written.
 * @example direction('NB') // 'North'
 */
export function direction(value: unknown): string | null {
  const text = cleanText(value, 40)
  if (!text || /^(?:unknown|undefined|none|-)$/i.test(text)) return null
  return DIRECTIONS[text.toLowerCase().replace(/[-_]/g, ' ')] ?? text
}

/** The camera as a feed item: the still on its publisher's host, the road and direction as its line. */
export function cameraItem(camera: Camera, attribution: Attribution): FeedItem {
  const line = [camera.road, camera.direction].filter(Boolean).join(' · ')
  return {
    sourceId: camera.id,
    aspect: 'cameras',
    title: camera.title,
    priority: 'Info',
    category: camera.road,
    dataCategory: camera.direction,
    state: null,
    stateType: null,
    lines: line ? [line] : [],
    link: camera.link,
    image: camera.image,
    specialData: null,
    lat: camera.lat,
    lon: camera.lon,
    areaMiles: CAMERA_AREA_MILES,
    geometry: null,
    startsAt: null,
    endsAt: null,
    attribution,
  }
}

/** Collects cameras and skipped records; the sample of reasons helps an operator fix a mapping. */
export class CameraBatch {
  readonly items: FeedItem[] = []
  readonly errors: string[] = []
  private readonly seen = new Set<string>()
  skipped = 0

  private readonly attribution: Attribution

  constructor(attribution: Attribution) {
    this.attribution = attribution
  }

  skip(reason: string): void {
    this.skipped++
    if (this.errors.length < ERRORS_KEPT) this.errors.push(reason)
  }

  /** Adds a camera, or skips it with the reason when a required part is missing or bad. */
  add(camera: RawCamera, index: number): void {
    const { id, title, image, lat, lon } = camera
    if (!id) return this.skip(`record ${index}: no id`)
    if (!image) return this.skip(`camera ${id}: no http(s) image`)
    if (lat === null || lon === null || (lat === 0 && lon === 0)) return this.skip(`camera ${id}: no position`)
    if (this.seen.has(id)) return this.skip(`camera ${id}: listed twice`)
    this.seen.add(id)
    const road = camera.road
    this.items.push(
      cameraItem(
        {
          id,
          title: title ?? road ?? id,
          image,
          lat,
          lon,
          direction: camera.direction,
          road,
          link: camera.link,
        },
        this.attribution,
      ),
    )
  }

  result(): DecodeResult {
    return { items: this.items, skipped: this.skipped, errors: this.errors }
  }
}

/** The adapter option `publisher` (name) and `publisherUrl`, or the preset's own. */
export function attributionFrom(options: Record<string, unknown>, fallback: Attribution): Attribution {
  return { name: cleanText(options['publisher'], 120) ?? fallback.name, url: httpUrl(options['publisherUrl']) ?? fallback.url }
}

/** Parses the body as JSON; a body that is not JSON is not this format (the engine records the error). */
export function parseJson(body: string, format: string): unknown {
  try {
    return JSON.parse(body) as unknown
  } catch {
    throw new Error(`not ${format}: the body is not JSON`)
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)
