// What the API sends for an item: the public Alert item (reaction) and the staff record (items, manage), both
// written from the field table (src/lib/item-fields.ts) in its order.
import type { z } from '@hono/zod-openapi'
import { mayChange, policyOf } from '../../src/lib/field-permission.ts'
import type { Role } from '../../src/lib/decode/editor-auth.ts'
import type { ItemRow } from '../db/schema.ts'
import type { alertItemSchema, itemRecordSchema } from '../schemas.ts'
import { roadPath } from './road-path.ts'
import { DATA_FIELDS, FIELD_NAMES, VIEW_FIELDS, columnOf, fieldSpec, pascal, type FieldName } from '../../src/lib/item-fields.ts'

type AlertItem = z.infer<typeof alertItemSchema>
/** Every editable field of an item plus its bookkeeping, for staff. Never the edit key. */
export type ItemRecord = z.infer<typeof itemRecordSchema>

/** The table's secret fields (the template), null for whoever is not staff. */
const SECRET_NULLS = Object.fromEntries(FIELD_NAMES.filter((name) => fieldSpec(name).secret).map((name) => [name, null]))

const stringList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : []
  } catch {
    return []
  }
}

/** How to read one field from a row: its name, column, and how its value is sent. */
type Reader = { name: FieldName; column: keyof ItemRow; read: (value: unknown) => unknown; hide: boolean }
const same = (value: unknown): unknown => value
const flag = (value: unknown): boolean => value === 1
const list = (value: unknown): string[] => stringList(value as string)
const readers = (names: readonly FieldName[]): Reader[] =>
  names.map((name) => {
    const { kind, secret } = fieldSpec(name)
    const read = kind === 'flag' ? flag : kind === 'lines' || kind === 'list' ? list : same
    return { name, column: columnOf(name), read, hide: secret === true }
  })

/** Fields' values as the API sends them: flags as true or false, lists as lists; secret fields null unless `open`. */
function valuesOf(row: ItemRow, fields: readonly Reader[], open: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index]!
    values[field.name] = field.hide && !open ? null : field.read(row[field.column])
  }
  return values
}

const ITEM_READERS = readers(VIEW_FIELDS)
const DATA_READERS = readers(DATA_FIELDS)
const STAFF_READERS = readers(FIELD_NAMES.filter((name) => fieldSpec(name).view === 'staff'))

type ItemPart = Omit<AlertItem, 'data' | 'distance' | 'source' | 'startsAt' | 'endsAt'>

/** The fields both shapes share, flat (the field table's `view: 'item'`, in its order). */
const itemFields = (row: ItemRow): ItemPart => valuesOf(row, ITEM_READERS, true) as ItemPart

/** The fields the Alert item keeps under `data` (the table's `view: 'data'`); `open` keeps the secret ones. */
const dataFields = (row: ItemRow, open: boolean): AlertItem['data'] => valuesOf(row, DATA_READERS, open) as AlertItem['data']

/** The staff record's own fields (the table's `view: 'staff'`). */
type StaffPart = Pick<ItemRecord, 'isActive' | 'order' | 'areaMiles' | 'layer'>
const staffFields = (row: ItemRow): StaffPart => valuesOf(row, STAFF_READERS, true) as StaffPart

/**
 * The SPEC's Alert item, with the distance in miles (one decimal). It goes to anyone, so staff-only
 * data stays out: `dataTemplate` is always null (the key stays for the SPEC's shape), because a
 * template's url may carry a key; staff read it from their record (GET /items/{id}).
 */
export function toAlertItem(row: ItemRow, distanceMiles: number): AlertItem {
  return { ...itemFields(row), data: dataFields(row, false), distance: Math.round(distanceMiles * 10) / 10 }
}

/** Who published a feed item (stored as JSON text by the feed engine), or null for staff-made items. */
export function sourceOf(attribution: string | null | undefined): { name: string; url: string | null } | null {
  if (!attribution) return null
  try {
    const value = JSON.parse(attribution) as { name?: unknown; url?: unknown }
    if (typeof value.name !== 'string') return null
    return { name: value.name, url: typeof value.url === 'string' ? value.url : null }
  } catch {
    return null
  }
}

/** The Alert item as JSON without its distance, with its publisher and times: kept in the row so the reaction never rebuilds it. */
export function publicView(row: ItemRow): string {
  const { distance: _, ...view } = toAlertItem(row, 0)
  // When it starts and ends, for the times line of the live lists (src/lib/live/times.ts); rows older than
  // migration 005 have neither column.
  const times = { startsAt: row.starts_at ?? null, endsAt: row.expires_at ?? null }
  // A road item's segment, for the roads map (migration 024 gave the stored road views theirs); others have none.
  const path = row.data_aspect === 'roads' ? roadPath(row.geometry ?? null) : null
  return JSON.stringify({ ...view, source: sourceOf(row.attribution), ...times, ...(path ? { path } : {}) })
}

export function toRecord(row: ItemRow): ItemRecord {
  return {
    ...itemFields(row),
    ...dataFields(row, true),
    ...staffFields(row),
    fetchError: row.fetch_error,
    nextFetchAt: row.next_fetch_at,
    hasEditKey: row.edit_key_hash !== null,
    isDemo: row.is_demo === 1,
    feedId: row.feed_id ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/**
 * A template as staff who may not change it read it: every query value and any user:password in an address is
 * REDACTED (an `api_key=` in a url, whatever the parameter's name), the rest as written.
 * @example redactTemplate('{"url":"https://x.example/s?api_key=K&day=1"}') // '{"url":"https://x.example/s?api_key=REDACTED&day=REDACTED"}'
 */
export function redactTemplate(template: string | null): string | null {
  if (!template) return template
  return template.replace(/([?&][^=&\s"'#?]+=)[^&\s"'#]*/g, '$1REDACTED').replace(/(\/\/)[^/@\s"']*@/g, '$1REDACTED@')
}

/**
 * The record as the caller may read it: whole for whoever may change the template (the superadmin); for other
 * staff (the table's staffView) with the template's secrets redacted; for an owner, without what belongs to
 * staff (the template, the fetch state, the edit key's presence).
 */
export function recordFor(role: Role | null | undefined, row: ItemRow): ItemRecord {
  const record = toRecord(row)
  if (mayChange(role, 'dataTemplate')) return record
  if (policyOf(role).staffView) return { ...record, dataTemplate: redactTemplate(record.dataTemplate) }
  return { ...record, ...SECRET_NULLS, fetchError: null, nextFetchAt: null, hasEditKey: false }
}

/** The public item: the reaction's, without a distance. */
export function publicItem(row: ItemRow): Omit<AlertItem, 'distance'> {
  return JSON.parse(publicView(row)) as Omit<AlertItem, 'distance'>
}

/** The staff record with PascalCase keys, the shape the manage calls take and give (SPEC section 3). */
export function toManageRecord(record: ItemRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [pascal(key), value]))
}
