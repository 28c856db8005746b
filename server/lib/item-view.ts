// What the API sends for an item: the public Alert item (reaction) and the staff record (items, manage).
import type { z } from '@hono/zod-openapi'
import { policyOf } from '../../src/lib/field-permission.ts'
import type { Role } from '../../src/lib/decode/editor-auth.ts'
import type { ItemRow } from '../db/schema.ts'
import type { alertItemSchema, itemRecordSchema } from '../schemas.ts'
import { pascal } from './item-input.ts'

type AlertItem = z.infer<typeof alertItemSchema>

const stringList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : []
  } catch {
    return []
  }
}

/** The fields both shapes share, flat. */
function itemFields(row: ItemRow) {
  return {
    id: row.id,
    priority: row.priority,
    stateType: row.state_type,
    state: row.state,
    title: row.title,
    class: row.class,
    image: row.image,
    link: row.link,
    icon: row.icon,
    dataLink: row.data_link,
    dataLinkType: row.data_link_type,
    valueChanged: row.value_changed,
    retrieved: row.retrieved,
    isOld: row.is_old === 1,
    dataCategory: row.data_category,
    category: row.category,
    dataAspect: row.data_aspect,
    dataProperty: row.data_property,
    lat: row.lat,
    lon: row.lon,
    pageName: row.page_name,
    cityName: row.city_name,
  }
}

/** The fields the Alert item keeps under `data`. */
function dataFields(row: ItemRow) {
  return {
    lines: stringList(row.lines),
    classes: stringList(row.classes),
    location: row.location,
    status: row.status,
    dataTemplate: row.data_template,
    specialData: row.special_data,
    lockResultUntil: row.lock_result_until,
  }
}

/**
 * The SPEC's Alert item, with the distance in miles (one decimal). It goes to anyone, so staff-only
 * data stays out: `dataTemplate` is always null (the key stays for the SPEC's shape), because a
 * template's url may carry a key; staff read it from their record (GET /items/{id}).
 */
export function toAlertItem(row: ItemRow, distanceMiles: number): AlertItem {
  const data = { ...dataFields(row), dataTemplate: null }
  return { ...itemFields(row), data, distance: Math.round(distanceMiles * 10) / 10 }
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
  return JSON.stringify({ ...view, source: sourceOf(row.attribution), ...times })
}

/** Every editable field of an item plus its bookkeeping, for staff. Never the edit key. */
export type ItemRecord = z.infer<typeof itemRecordSchema>

export function toRecord(row: ItemRow): ItemRecord {
  return {
    ...itemFields(row),
    ...dataFields(row),
    isActive: row.is_active === 1,
    order: row.sort_order,
    areaMiles: row.area_miles,
    layer: row.layer,
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
 * The record as the caller may read it: whole for staff (the table's staffView); for an owner, without
 * what belongs to staff (the template, whose url may carry a key, the fetch state, the edit key's presence).
 */
export function recordFor(role: Role | null | undefined, row: ItemRow): ItemRecord {
  const record = toRecord(row)
  if (policyOf(role).staffView) return record
  return { ...record, dataTemplate: null, fetchError: null, nextFetchAt: null, hasEditKey: false }
}

/** The public item: the reaction's, without a distance. */
export function publicItem(row: ItemRow): Omit<AlertItem, 'distance'> {
  return JSON.parse(publicView(row)) as Omit<AlertItem, 'distance'>
}

/** The staff record with PascalCase keys, the shape the manage calls take and give (SPEC section 3). */
export function toManageRecord(record: ItemRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [pascal(key), value]))
}
