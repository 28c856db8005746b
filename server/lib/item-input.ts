// Item fields as the API takes them (camelCase on /items, PascalCase on /api/manage; the fields and their limits
// come from the field table, src/lib/item-fields.ts), and the checks before a write.
import { z } from '@hono/zod-openapi'
import { errorBody, problemsBody, type ErrorBody, type Problem } from '../../src/lib/errors.ts'
import {
  FIELD_NAMES,
  INPUT_FIELDS,
  camel,
  columnOf,
  fieldSpec,
  pascal,
  type ColumnOf,
  type FieldName,
  type FieldSpec,
} from '../../src/lib/item-fields.ts'
import { itemInputShape, type ItemInputShape } from '../../src/lib/item-fields-schema.ts'
import { itemProblems, parsePriority, sanitizeItem } from '../../src/lib/items.ts'
import { parseTemplate } from '../../src/lib/template.ts'
import type { ItemField } from '../../src/lib/field-permission.ts'
import type { FeedColumn, ItemRow } from '../db/schema.ts'
import { findCity } from './cities.ts'
import { redactTemplate } from './item-view.ts'
import { MAX_ID } from '../schemas.ts'

/** Longest a result may be locked, here and in the lock calls: a year (and a day for leap years). */
export const LOCK_MAX_DAYS = 366
export const LOCK_MAX_MS = LOCK_MAX_DAYS * 86_400_000

/** Every writable item field (src/lib/item-fields.ts); all optional, so a save can send only what changed. Unknown fields are refused. */
export const itemInput = z.object(itemInputShape).strict().openapi('ItemInput')

export type ItemInput = z.infer<typeof itemInput>

/** The manage calls' PascalCase key for an item field's camelCase one (and back): from the field table. */
export { pascal }

/** The SPEC's Manage save payload (PascalCase), plus Id; the same fields as itemInput. */
export const managePayload = z
  .object({
    Id: z.union([z.number().int().min(0).max(MAX_ID), z.string().max(20)]).optional(),
    ...(Object.fromEntries(Object.entries(itemInput.shape).map(([key, schema]) => [pascal(key), schema])) as {
      [K in keyof ItemInputShape as Capitalize<K>]: ItemInputShape[K]
    }),
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

/** The column each writable field lands in (columnOf, from the field table). */
export const FIELD_COLUMNS = Object.fromEntries(INPUT_FIELDS.map((name) => [name, columnOf(name)])) as unknown as {
  readonly [K in ItemField]: ColumnOf<K>
}
// Every field's column is a column of the row: a table entry whose column the database lacks fails here.
const columnsExist: ColumnOf<FieldName> extends keyof ItemRow ? true : never = true
void columnsExist
// The table's field list and this input are the same fields: a field added to one and not the other fails here.
const sameFields: [ItemField] extends [keyof ItemInput] ? ([keyof ItemInput] extends [ItemField] ? true : never) : never = true
void sameFields

/** A field's value as its column stores it: flags as 0 or 1, lists as JSON text, times in UTC. */
function toColumn(spec: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return value
  if (spec.kind === 'flag') return Number(value)
  if (spec.kind === 'lines' || spec.kind === 'list') return JSON.stringify(value)
  if (spec.kind === 'time') return value && new Date(value as string).toISOString()
  if (spec.kind === 'priority') return parsePriority(value)
  return value
}

/** Columns no field names: the feed and template bookkeeping, and the demo mark. */
const BOOKKEEPING = { is_demo: 0, next_fetch_at: null, fetch_error: null }

/** A new item's fields: the table's defaults (SPEC: DataAspect local, DataProperty manager, active, 10 miles), as columns. */
export const DEFAULTS = {
  ...Object.fromEntries(
    FIELD_NAMES.flatMap((name) => {
      const spec = fieldSpec(name)
      return spec.default === undefined ? [] : [[columnOf(name), toColumn(spec, spec.default)]]
    }),
  ),
  ...BOOKKEEPING,
} as Omit<Fields, 'lat' | 'lon' | 'title' | 'updated_at'>

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
  // Every field given lands in its column (the template, which starts a fetch, just below).
  for (const name of INPUT_FIELDS) {
    const spec = fieldSpec(name)
    const value = toColumn(spec, clean[name])
    if (spec.kind !== 'template' && value !== undefined) Object.assign(fields, { [columnOf(name)]: value })
  }
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

/**
 * The input without its template when it is the stored one as recordFor redacted it: staff who may not change
 * the template read it redacted and their dialog sends it back unchanged, which must neither be refused nor stored.
 */
export function withoutRedactedTemplate(input: ItemInput, row: Pick<ItemRow, 'data_template'>): ItemInput {
  const sent = input.dataTemplate?.trim()
  if (!sent || !row.data_template || sent === row.data_template || sent !== redactTemplate(row.data_template)) return input
  const { dataTemplate: _, ...rest } = input
  return rest
}
