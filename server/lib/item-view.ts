// What the API sends for an item: the public Alert item (reaction) and the staff record (items, manage).
import type { AlertItem } from '../../src/lib/items.ts'
import type { ItemRow } from '../db/schema.ts'

const stringList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : []
  } catch {
    return []
  }
}

/** The SPEC's Alert item, with the distance in miles (one decimal). */
export function toAlertItem(row: ItemRow, distanceMiles: number): AlertItem {
  return {
    id: row.id,
    priority: row.priority,
    stateType: row.state_type,
    state: row.state,
    title: row.title,
    class: row.class,
    data: {
      lines: stringList(row.lines),
      classes: stringList(row.classes),
      location: row.location,
      status: row.status,
      dataTemplate: row.data_template,
      specialData: row.special_data,
      lockResultUntil: row.lock_result_until,
    },
    image: row.image,
    link: row.link,
    icon: row.icon,
    dataLink: row.data_link,
    dataLinkType: row.data_link_type,
    distance: Math.round(distanceMiles * 10) / 10,
    valueChanged: row.value_changed,
    retrieved: row.retrieved,
    isOld: row.is_old === 1,
    dataCategory: row.data_category,
    category: row.category,
    dataAspect: row.data_aspect,
    dataProperty: row.data_property,
  }
}

/** The Alert item as JSON without its distance: kept in the row so the reaction never rebuilds it. */
export function publicView(row: ItemRow): string {
  const { distance: _, ...view } = toAlertItem(row, 0)
  return JSON.stringify(view)
}

/** Every editable field of an item plus its bookkeeping, for staff. Never the edit key. */
export type ItemRecord = {
  id: number
  dataAspect: string
  dataProperty: string
  dataCategory: string | null
  category: string | null
  priority: string
  stateType: string | null
  state: string | null
  title: string
  class: string | null
  lines: string[]
  classes: string[]
  location: string | null
  status: string | null
  dataTemplate: string | null
  specialData: string | null
  lockResultUntil: string | null
  image: string | null
  link: string | null
  icon: string | null
  dataLink: string | null
  dataLinkType: string | null
  isActive: boolean
  order: number
  areaMiles: number
  lat: number
  lon: number
  pageName: string | null
  cityName: string | null
  layer: number
  valueChanged: string | null
  retrieved: string | null
  isOld: boolean
  fetchError: string | null
  nextFetchAt: string | null
  hasEditKey: boolean
  isDemo: boolean
  createdAt: string
  updatedAt: string
}

export function toRecord(row: ItemRow): ItemRecord {
  return {
    id: row.id,
    dataAspect: row.data_aspect,
    dataProperty: row.data_property,
    dataCategory: row.data_category,
    category: row.category,
    priority: row.priority,
    stateType: row.state_type,
    state: row.state,
    title: row.title,
    class: row.class,
    lines: stringList(row.lines),
    classes: stringList(row.classes),
    location: row.location,
    status: row.status,
    dataTemplate: row.data_template,
    specialData: row.special_data,
    lockResultUntil: row.lock_result_until,
    image: row.image,
    link: row.link,
    icon: row.icon,
    dataLink: row.data_link,
    dataLinkType: row.data_link_type,
    isActive: row.is_active === 1,
    order: row.sort_order,
    areaMiles: row.area_miles,
    lat: row.lat,
    lon: row.lon,
    pageName: row.page_name,
    cityName: row.city_name,
    layer: row.layer,
    valueChanged: row.value_changed,
    retrieved: row.retrieved,
    isOld: row.is_old === 1,
    fetchError: row.fetch_error,
    nextFetchAt: row.next_fetch_at,
    hasEditKey: row.edit_key_hash !== null,
    isDemo: row.is_demo === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The staff record with PascalCase keys, the shape the manage calls take and give (SPEC section 3). */
export function toManageRecord(record: ItemRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key[0]!.toUpperCase() + key.slice(1), value]))
}
