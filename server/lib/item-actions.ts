// The item writes shared by /items, /api/manage and the legacy /api/editzzz calls, with canEdit on every one
// and the permission table (src/lib/field-permission.ts) on every field: docs/security.md, "Who may change what".
import { canEdit, type EditTarget } from '../../src/lib/can-edit.ts'
import { searchCities, type City } from '../../src/lib/cities.ts'
import {
  ITEM_FIELDS,
  SCOPED_PLACE_MILES,
  allowedPriorities,
  forbiddenSpecialKey,
  mayChange,
  policyOf,
  type FieldPolicy,
} from '../../src/lib/field-permission.ts'
import { haversineKm } from '../../src/lib/geo.ts'
import { DEFAULT_LOCK_SECONDS, parsePriority } from '../../src/lib/items.ts'
import { deleteItem, getItem, insertItem, updateItem } from '../db/queries/items.ts'
import type { ItemRow } from '../db/schema.ts'
import type { Deps } from '../env.ts'
import type { Caller } from './auth.ts'
import { cityIndex, findCity } from './cities.ts'
import { noteItemWrite } from '../notify/queue.ts'
import {
  DEFAULTS,
  FIELD_COLUMNS,
  pascal,
  prepareItem,
  withoutRedactedTemplate,
  type Fields,
  type ItemInput,
} from './item-input.ts'
import { errorBody, type ErrorBody } from '../../src/lib/errors.ts'

export type Outcome = { ok: true; row: ItemRow } | { ok: false; status: 400 | 401 | 403 | 404; error: ErrorBody }

const fail = (status: 401 | 403 | 404, code: 'auth_required' | 'no_edit_permission' | 'item_not_found'): Outcome => ({
  ok: false,
  status,
  error: errorBody(code),
})

const forbidden = (error: ErrorBody): Outcome => ({ ok: false, status: 403, error })

/** The cities a scoped caller's scope names: their page's city, or every city of their city name. */
function scopeCities(caller: Caller): City[] {
  if (caller.role === 'page') {
    const city = caller.pageName ? findCity(caller.pageName) : null
    return city ? [city] : []
  }
  if (!caller.cityName) return []
  const [name = '', state] = caller.cityName
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
  return searchCities(cityIndex(), name, 200)
    .map((result) => result.city)
    .filter((city) => city.name.toLowerCase() === name && (!state || city.state.toLowerCase() === state))
}

/**
 * The superadmin's fields (template, lock) sent with a new value by a caller without them: refused
 * before the input is checked, so nobody else learns how a template would be read.
 */
function advancedRefusal(policy: FieldPolicy, input: ItemInput, before: Partial<Fields>): ErrorBody | null {
  const template = input.dataTemplate === undefined ? undefined : input.dataTemplate?.trim() || null
  if (!policy.fields.includes('dataTemplate') && template !== undefined && template !== (before.data_template ?? null))
    return errorBody('field_not_allowed', { field: 'DataTemplate' })
  const lock = input.lockResultUntil
  const was = before.lock_result_until ?? null
  const same = lock === null ? was === null : lock !== undefined && was !== null && Date.parse(lock) === Date.parse(was)
  if (!policy.fields.includes('lockResultUntil') && lock !== undefined && !same)
    return errorBody('field_not_allowed', { field: 'LockResultUntil' })
  return null
}

/**
 * Why this caller may not turn `before` into `after`, or null when it may: a field outside its
 * allow-list given a new value (an unchanged one is fine, so whole forms can be sent), a special-data
 * key an owner may not change, a priority or reach above its limits, or, for page and area staff,
 * a point further than SCOPED_PLACE_MILES from their city.
 */
function refusal(caller: Caller, policy: FieldPolicy, before: Partial<Fields>, after: Fields): ErrorBody | null {
  const changed = ITEM_FIELDS.filter((field) => before[FIELD_COLUMNS[field]] !== after[FIELD_COLUMNS[field]])
  // The special data first: a map point in it moves the item, and the key is the better answer.
  const key = changed.includes('specialData') && forbiddenSpecialKey(caller.role, before.special_data ?? null, after.special_data)
  if (key) return errorBody('field_not_allowed', { field: `SpecialData.${key}` })
  const outside = changed.find((field) => !policy.fields.includes(field))
  if (outside) return errorBody('field_not_allowed', { field: pascal(outside) })
  if (changed.includes('priority') && !allowedPriorities(caller.role).includes(parsePriority(after.priority)))
    return errorBody('priority_not_allowed', { priority: after.priority })
  if (changed.includes('areaMiles') && after.area_miles > policy.maxAreaMiles)
    return errorBody('area_too_large', { miles: String(policy.maxAreaMiles) })
  const moved = changed.some((field) => ['lat', 'lon', 'pageName', 'cityName'].includes(field))
  if (policy.scoped && moved) {
    const near = scopeCities(caller).some(
      (city) => haversineKm(city.lat, city.lon, after.lat, after.lon) / 1.609344 <= SCOPED_PLACE_MILES,
    )
    if (!near) return errorBody('place_outside_scope', { miles: String(SCOPED_PLACE_MILES) })
  }
  return null
}

const target = (row: Pick<ItemRow, 'id' | 'page_name' | 'city_name'>): EditTarget => ({
  id: row.id,
  pageName: row.page_name,
  cityName: row.city_name,
})

/** Loads an item the caller may change, or says why not. */
export async function editable(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  if (!caller) return fail(401, 'auth_required')
  const row = await getItem(deps.store.db, id)
  if (!row) return fail(404, 'item_not_found')
  if (!canEdit(caller, target(row))) return fail(403, 'no_edit_permission')
  return { ok: true, row }
}

async function createOne(deps: Deps, caller: Caller | null, input: ItemInput): Promise<Outcome> {
  if (!caller) return fail(401, 'auth_required')
  const now = deps.now().toISOString()
  const early = advancedRefusal(policyOf(caller.role), input, DEFAULTS)
  if (early) return forbidden(early)
  const prepared = prepareItem(input, null, now)
  if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
  const { fields } = prepared
  const policy = policyOf(caller.role)
  if (!policy.createDelete || !canEdit(caller, { id: null, pageName: fields.page_name, cityName: fields.city_name })) {
    return fail(403, 'no_edit_permission')
  }
  const refused = refusal(caller, policy, DEFAULTS, fields)
  if (refused) return forbidden(refused)
  const id = await insertItem(deps.store.db, { ...fields, created_at: now, edit_key_hash: null, edit_key_expires_at: null })
  const row = await getItem(deps.store.db, id)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

/** Saves changes within the caller's fields; page and area staff cannot move an item out of their own page or city. */
async function saveOne(deps: Deps, caller: Caller | null, id: number, input: ItemInput): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok || !caller) return found
  if (!mayChange(caller.role, 'dataTemplate')) input = withoutRedactedTemplate(input, found.row)
  const early = advancedRefusal(policyOf(caller.role), input, found.row)
  if (early) return forbidden(early)
  const prepared = prepareItem(input, found.row, deps.now().toISOString())
  if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
  const { fields } = prepared
  const refused = refusal(caller, policyOf(caller.role), found.row, fields)
  if (refused) return forbidden(refused)
  if (!canEdit(caller, { id, pageName: fields.page_name, cityName: fields.city_name })) {
    return fail(403, 'no_edit_permission')
  }
  const row = await updateItem(deps.store.db, id, fields)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

async function removeOne(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok) return found
  if (!policyOf(caller?.role).createDelete) return fail(403, 'no_edit_permission')
  await deleteItem(deps.store.db, id)
  return found
}

/** The lock calls are the superadmin's advanced mode (SPEC sections 4 and 6): others get 403. */
async function lockable(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok || policyOf(caller?.role).lock) return found
  return forbidden(errorBody('field_not_allowed', { field: 'LockResultUntil' }))
}

/** Locks the item's current result against its template until `until` (SPEC: default one hour). */
async function lockOne(deps: Deps, caller: Caller | null, id: number, until?: Date): Promise<Outcome> {
  const found = await lockable(deps, caller, id)
  if (!found.ok) return found
  const at = until ?? new Date(deps.now().getTime() + DEFAULT_LOCK_SECONDS * 1000)
  const row = await updateItem(deps.store.db, id, { lock_result_until: at.toISOString(), updated_at: deps.now().toISOString() })
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

async function unlockOne(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  const found = await lockable(deps, caller, id)
  if (!found.ok) return found
  const now = deps.now().toISOString()
  const changes = { lock_result_until: null, updated_at: now, ...(found.row.data_template ? { next_fetch_at: now } : {}) }
  const row = await updateItem(deps.store.db, id, changes)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

/**
 * Every write forgets this instance's cached reaction answers, so its own visitors see the change at once, and is
 * queued for the notifier (server/notify), which tells the item's followers later, outside the request.
 */
function clearing<A extends unknown[]>(write: (deps: Deps, ...args: A) => Promise<Outcome>) {
  return async (deps: Deps, ...args: A): Promise<Outcome> => {
    const outcome = await write(deps, ...args)
    if (outcome.ok) {
      deps.reactionCache.clear()
      await noteItemWrite(deps.store.db, outcome.row.id, deps.now())
    }
    return outcome
  }
}

export const createItem = clearing(createOne)
export const saveItem = clearing(saveOne)
export const removeItem = clearing(removeOne)
export const lockItem = clearing(lockOne)
export const unlockItem = clearing(unlockOne)
