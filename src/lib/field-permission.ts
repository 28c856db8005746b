/**
 * Who may change what in an item: one table, read by the API (server/lib/item-actions.ts enforces it)
 * and by the edit dialog (src/islands/staff/ shows each role only what it may change). Which items a
 * role may touch at all is canEdit (can-edit.ts); this says which of their fields, and how far.
 * See docs/security.md, "Who may change what".
 */
import type { Priority } from './items.ts'
import { MAX_AREA_MILES, PRIORITIES } from './items.ts'
import { DAYS } from './live/hours.ts'
import { INPUT_FIELDS, type InputField } from './item-fields.ts'
import type { Role } from './decode/editor-auth.ts'

/** Every writable item field, as the API's item input names it (camelCase; PascalCase on /api/manage): the field table's. */
export const ITEM_FIELDS = INPUT_FIELDS
export type ItemField = InputField

/** The superadmin's advanced mode (SPEC sections 4 and 6): the template and the result lock. */
const ADVANCED: readonly ItemField[] = ['dataTemplate', 'lockResultUntil']
const STAFF_FIELDS: readonly ItemField[] = ITEM_FIELDS.filter((field) => !ADVANCED.includes(field))

/**
 * A business's own special-data keys (SPEC section 3: name, description, hours, contact, links,
 * image), the only ones its owner may change. Not the category (staff classify) nor the map point
 * (it moves the item); keys not listed here (notes, log, anything newer) stay as staff left them.
 */
export const OWNER_SPECIAL_KEYS: readonly string[] = [
  'title',
  'service',
  'description',
  'phone',
  'address',
  'web',
  'fb',
  'menu',
  'ordering',
  'image',
  'hoursText',
  ...DAYS.map((day) => `hours${day}`),
]

/**
 * Page and area staff: how far from their city's point an item of theirs may sit (10 miles holds a
 * town and its edges, not the next city: Duvall to Seattle is 21), and how far it may reach.
 */
export const SCOPED_PLACE_MILES = 10
export const SCOPED_MAX_AREA_MILES = 25

export type FieldPolicy = {
  /** Fields the role may set to a new value; any other field may be sent only unchanged. */
  fields: readonly ItemField[]
  /** Special-data keys it may change (null: any). */
  specialKeys: readonly string[] | null
  /** The most pressing priority it may give (Critical and Urgent raise the alert banner). */
  topPriority: Priority
  /** The largest reach it may give, in miles. */
  maxAreaMiles: number
  /** Page and city are fixed by its scope, and the item's point must stay near its city. */
  scoped: boolean
  /** May create and delete items (within canEdit). */
  createDelete: boolean
  /** May lock and unlock an item's result (the lock calls, and LockResultUntil). */
  lock: boolean
  /** May issue an owner link for an item it can edit. */
  ownerLinks: boolean
  /** Gets the staff record (template, fetch errors, edit key) of items it can edit. */
  staffView: boolean
  /** May read a test layer of the reaction (others get layer 0). */
  testLayers: boolean
}

const NOTHING: FieldPolicy = {
  fields: [],
  specialKeys: [],
  topPriority: 'Normal',
  maxAreaMiles: 0,
  scoped: true,
  createDelete: false,
  lock: false,
  ownerLinks: false,
  staffView: false,
  testLayers: false,
}

const ADMIN: FieldPolicy = {
  fields: STAFF_FIELDS,
  specialKeys: null,
  topPriority: 'Critical',
  maxAreaMiles: MAX_AREA_MILES,
  scoped: false,
  createDelete: true,
  lock: false,
  ownerLinks: true,
  staffView: true,
  testLayers: true,
}

const SCOPED: FieldPolicy = { ...ADMIN, topPriority: 'High', maxAreaMiles: SCOPED_MAX_AREA_MILES, scoped: true }

/** The table: each role's item fields and powers. */
export const FIELD_POLICY: Readonly<Record<Role, FieldPolicy>> = {
  superadmin: { ...ADMIN, fields: ITEM_FIELDS, lock: true },
  admin: ADMIN,
  page: SCOPED,
  area: SCOPED,
  one: { ...NOTHING, fields: ['title', 'link', 'image', 'specialData'], specialKeys: OWNER_SPECIAL_KEYS },
  none: NOTHING,
}

/** The policy of a role; signed-out callers have none of the powers. */
export const policyOf = (role: Role | null | undefined): FieldPolicy => (role ? FIELD_POLICY[role] : NOTHING)

/**
 * Whether a role may set a field to a new value.
 * @example mayChange('one', 'priority') // false
 */
export function mayChange(role: Role | null | undefined, field: ItemField): boolean {
  return policyOf(role).fields.includes(field)
}

/**
 * The priorities a role may give, most pressing first.
 * @example allowedPriorities('page')[0] // 'High'
 */
export function allowedPriorities(role: Role | null | undefined): readonly Priority[] {
  return PRIORITIES.slice(PRIORITIES.indexOf(policyOf(role).topPriority))
}

const objectOf = (json: string | null | undefined): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json || '{}')
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The first special-data key that changed and that the role may not change, or null.
 * @example forbiddenSpecialKey('one', '{"lat":1}', '{"lat":2}') // 'lat'
 */
export function forbiddenSpecialKey(role: Role | null | undefined, before: string | null, after: string | null): string | null {
  const allowed = policyOf(role).specialKeys
  if (allowed === null || before === after) return null
  const was = objectOf(before)
  const now = objectOf(after)
  // An empty value is no value, and 47.7 is '47.7': the form writes what it read back in its own way.
  const same = (a: unknown, b: unknown): boolean =>
    (a ?? '') === (b ?? '') ||
    JSON.stringify(typeof a === 'number' ? String(a) : a) === JSON.stringify(typeof b === 'number' ? String(b) : b)
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (!allowed.includes(key) && !same(was[key], now[key])) return key
  }
  return null
}

/**
 * A manage payload (PascalCase) keeping only the fields the role may change, and the Id.
 * @example writablePayload('one', { Id: 3, Title: 'A', Priority: 'Critical' }) // { Id: 3, Title: 'A' }
 */
export function writablePayload(role: Role | null | undefined, payload: Record<string, unknown>): Record<string, unknown> {
  const fields = policyOf(role).fields
  return Object.fromEntries(
    Object.entries(payload).filter(([key]) => key === 'Id' || fields.some((field) => field.toLowerCase() === key.toLowerCase())),
  )
}
