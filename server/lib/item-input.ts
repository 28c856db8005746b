// Item fields as the API takes them (camelCase on /items, PascalCase on /api/manage), and the checks before a write.
import { z } from '@hono/zod-openapi'
import { errorBody, problemsBody, type ErrorBody, type Problem } from '../../src/lib/errors.ts'
import { ASPECTS, DEFAULT_AREA_MILES, MAX_AREA_MILES, itemProblems, parsePriority, sanitizeItem } from '../../src/lib/items.ts'
import { ROUTE_PATTERN } from '../../src/lib/routing/slug.ts'
import { parseTemplate } from '../../src/lib/template.ts'
import type { ItemField } from '../../src/lib/field-permission.ts'
import type { FeedColumn, ItemRow } from '../db/schema.ts'
import { findCity } from './cities.ts'
import { MAX_ID } from '../schemas.ts'

/** Longest a result may be locked, here and in the lock calls: a year (and a day for leap years). */
export const LOCK_MAX_DAYS = 366
export const LOCK_MAX_MS = LOCK_MAX_DAYS * 86_400_000

const text = (max: number) => z.string().max(max).nullable().optional()
const lines = z
  .union([z.array(z.string().max(1000)).max(50), z.string().max(20_000)])
  .transform((value) => (typeof value === 'string' ? value.split('\n') : value))
  .transform((list) => list.map((line) => line.trimEnd()).filter(Boolean))

/** Every writable item field; all optional, so a save can send only what changed. Unknown fields are refused. */
export const itemInput = z
  .object({
    dataAspect: z.enum(ASPECTS).optional(),
    dataProperty: z.string().max(40).optional(),
    dataCategory: text(40),
    category: text(80),
    priority: z.string().max(20).optional(),
    stateType: text(40),
    state: text(200),
    title: z.string().max(2000).optional(),
    class: text(80),
    lines: lines.optional(),
    classes: z.array(z.string().max(80)).max(50).optional(),
    location: text(300),
    status: text(80),
    dataTemplate: text(20_000),
    specialData: text(50_000),
    lockResultUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    image: text(2000),
    link: text(2000),
    icon: text(200),
    dataLink: text(2000),
    dataLinkType: text(40),
    isActive: z.boolean().optional(),
    order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    areaMiles: z.number().positive().max(MAX_AREA_MILES).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    pageName: z
      .string()
      .trim()
      .toLowerCase()
      .max(120)
      .regex(ROUTE_PATTERN, 'must be a page route such as wa/duvall')
      .nullable()
      .optional(),
    cityName: text(200),
    layer: z.number().int().min(0).max(99).optional(),
  })
  .strict()
  .openapi('ItemInput')

export type ItemInput = z.infer<typeof itemInput>

/** The manage calls' PascalCase key for an item field's camelCase one (and back). */
export const pascal = (key: string): string => key[0]!.toUpperCase() + key.slice(1)
const camel = (key: string): string => key[0]!.toLowerCase() + key.slice(1)

/** The SPEC's Manage save payload (PascalCase), plus Id; the same fields as itemInput. */
export const managePayload = z
  .object({
    Id: z.union([z.number().int().min(0).max(MAX_ID), z.string().max(20)]).optional(),
    ...Object.fromEntries(Object.entries(itemInput.shape).map(([key, schema]) => [pascal(key), schema])),
  })
  .strict()
  .openapi('ManagePayload')

/** Maps a parsed manage payload to itemInput's keys. */
export function fromManagePayload(payload: Record<string, unknown>): ItemInput {
  const entries = Object.entries(payload).filter(([key]) => key !== 'Id')
  return Object.fromEntries(entries.map(([key, value]) => [camel(key), value]))
}

export type Fields = Omit<
  ItemRow,
  | 'id'
  | 'min_lat'
  | 'max_lat'
  | 'min_lon'
  | 'max_lon'
  | 'created_at'
  | 'edit_key_hash'
  | 'edit_key_expires_at'
  | 'view'
  | FeedColumn
>

/** The column each writable field lands in (the permission table names fields: src/lib/field-permission.ts). */
export const FIELD_COLUMNS: Readonly<Record<ItemField, keyof Fields>> = {
  dataAspect: 'data_aspect',
  dataProperty: 'data_property',
  dataCategory: 'data_category',
  category: 'category',
  priority: 'priority',
  stateType: 'state_type',
  state: 'state',
  title: 'title',
  class: 'class',
  lines: 'lines',
  classes: 'classes',
  location: 'location',
  status: 'status',
  dataTemplate: 'data_template',
  specialData: 'special_data',
  lockResultUntil: 'lock_result_until',
  image: 'image',
  link: 'link',
  icon: 'icon',
  dataLink: 'data_link',
  dataLinkType: 'data_link_type',
  isActive: 'is_active',
  order: 'sort_order',
  areaMiles: 'area_miles',
  lat: 'lat',
  lon: 'lon',
  pageName: 'page_name',
  cityName: 'city_name',
  layer: 'layer',
}
// The table's field list and this input are the same fields: a field added to one and not the other fails here.
const sameFields: [ItemField] extends [keyof ItemInput] ? ([keyof ItemInput] extends [ItemField] ? true : never) : never = true
void sameFields

/** A new item's fields: the SPEC's defaults (DataAspect local, DataProperty manager, active, 10 miles). */
export const DEFAULTS: Omit<Fields, 'lat' | 'lon' | 'title' | 'updated_at'> = {
  data_aspect: 'local',
  data_property: 'manager',
  data_category: null,
  category: null,
  priority: 'Normal',
  state_type: null,
  state: null,
  class: null,
  lines: '[]',
  classes: '[]',
  location: null,
  status: null,
  data_template: null,
  special_data: null,
  lock_result_until: null,
  image: null,
  link: null,
  icon: null,
  data_link: null,
  data_link_type: null,
  value_changed: null,
  retrieved: null,
  is_old: 0,
  is_active: 1,
  sort_order: 0,
  area_miles: DEFAULT_AREA_MILES,
  page_name: null,
  city_name: null,
  layer: 0,
  is_demo: 0,
  next_fetch_at: null,
  fetch_error: null,
}

const put = <K extends keyof Fields>(fields: Fields, key: K, value: Fields[K] | undefined): void => {
  if (value !== undefined) fields[key] = value
}

/** The map point of a business's special data, if it has a valid one. */
function specialPoint(specialData: string | null | undefined): { lat: number; lon: number } | null {
  if (!specialData) return null
  let special: unknown
  try {
    special = JSON.parse(specialData)
  } catch {
    return null
  }
  const { lat, lon } = (typeof special === 'object' && special ? special : {}) as Record<string, unknown>
  return typeof lat === 'number' && typeof lon === 'number' && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null
}

/**
 * Where an item sits: its own lat/lon, else its business address's (when new or changed: a save that
 * leaves the map point alone does not move the item), else where it was, else its city's.
 */
function place(fields: Fields, input: ItemInput, existing: ItemRow | null): { lat: number; lon: number } | null {
  if (input.lat !== undefined && input.lon !== undefined) return { lat: input.lat, lon: input.lon }
  const point = specialPoint(input.specialData)
  const was = existing && specialPoint(existing.special_data)
  if (point && !(was && was.lat === point.lat && was.lon === point.lon)) return point
  if (Number.isFinite(fields.lat) && Number.isFinite(fields.lon)) return { lat: fields.lat, lon: fields.lon }
  const city = input.cityName ?? input.pageName ?? fields.city_name ?? fields.page_name
  const found = city ? findCity(city) : null
  return found ? { lat: found.lat, lon: found.lon } : null
}

export type Prepared = { ok: true; fields: Fields } | { ok: false; error: ErrorBody }

/**
 * Merges input into an item (or the defaults for a new one), sanitises and validates it
 * (SPEC section 5), places it, and checks its template. Errors are joined with a comma.
 */
export function prepareItem(input: ItemInput, existing: ItemRow | null, now: string): Prepared {
  const clean = sanitizeItem(input)
  const fields: Fields = existing ? { ...existing } : { ...DEFAULTS, title: '', lat: NaN, lon: NaN, updated_at: now }
  const problems: Problem[] = itemProblems({ ...clean, title: clean.title ?? fields.title })
  if (clean.dataTemplate) {
    const template = parseTemplate(clean.dataTemplate)
    if (!template.ok)
      problems.push({ code: 'invalid_template', params: { detail: template.error.replace(/^Invalid template: /, '') } })
  }
  // A place needs both numbers: one alone used to be dropped silently.
  if (clean.lat !== undefined && clean.lon === undefined) problems.push({ code: 'lon_required' })
  if (clean.lon !== undefined && clean.lat === undefined) problems.push({ code: 'lat_required' })
  if (clean.lockResultUntil && Date.parse(clean.lockResultUntil) > Date.parse(now) + LOCK_MAX_MS)
    problems.push({ code: 'lock_too_far', params: { days: String(LOCK_MAX_DAYS) } })
  const [first, ...rest] = problems
  if (first) return { ok: false, error: problemsBody([first, ...rest]) }
  put(fields, 'data_aspect', clean.dataAspect)
  put(fields, 'data_property', clean.dataProperty)
  put(fields, 'data_category', clean.dataCategory)
  put(fields, 'category', clean.category)
  put(fields, 'priority', clean.priority === undefined ? undefined : parsePriority(clean.priority))
  put(fields, 'state_type', clean.stateType)
  put(fields, 'state', clean.state)
  put(fields, 'title', clean.title)
  put(fields, 'class', clean.class)
  put(fields, 'lines', clean.lines && JSON.stringify(clean.lines))
  put(fields, 'classes', clean.classes && JSON.stringify(clean.classes))
  put(fields, 'location', clean.location)
  put(fields, 'status', clean.status)
  put(fields, 'special_data', clean.specialData)
  put(fields, 'lock_result_until', clean.lockResultUntil && new Date(clean.lockResultUntil).toISOString())
  put(fields, 'image', clean.image)
  put(fields, 'link', clean.link)
  put(fields, 'icon', clean.icon)
  put(fields, 'data_link', clean.dataLink)
  put(fields, 'data_link_type', clean.dataLinkType)
  put(fields, 'is_active', clean.isActive === undefined ? undefined : Number(clean.isActive))
  put(fields, 'sort_order', clean.order)
  put(fields, 'area_miles', clean.areaMiles)
  put(fields, 'page_name', clean.pageName)
  put(fields, 'city_name', clean.cityName)
  put(fields, 'layer', clean.layer)
  if (clean.dataTemplate !== undefined && clean.dataTemplate !== fields.data_template) {
    fields.data_template = clean.dataTemplate || null
    fields.next_fetch_at = fields.data_template ? now : null
    fields.fetch_error = null
  }
  // The value changed only when its lines or state really did; a save of other fields keeps the stamp.
  const linesBefore = existing?.lines ?? '[]'
  if (!existing || fields.lines !== linesBefore || fields.state !== existing.state) fields.value_changed = now
  const at = place(fields, clean, existing)
  if (!at) return { ok: false, error: errorBody('location_required') }
  fields.lat = at.lat
  fields.lon = at.lon
  fields.updated_at = now
  return { ok: true, fields }
}
