// The item writes shared by /items, /api/manage and the legacy /api/editzzz calls, with canEdit on every one.
import { canEdit, type EditTarget } from '../../src/lib/can-edit.ts'
import { DEFAULT_LOCK_SECONDS } from '../../src/lib/items.ts'
import { deleteItem, getItem, insertItem, updateItem } from '../db/queries/items.ts'
import type { ItemRow } from '../db/schema.ts'
import type { Deps } from '../env.ts'
import type { Caller } from './auth.ts'
import { prepareItem, type ItemInput } from './item-input.ts'
import { errorBody, errorMessage, type ErrorBody } from '../../src/lib/errors.ts'

export type Outcome = { ok: true; row: ItemRow } | { ok: false; status: 400 | 401 | 403 | 404; error: ErrorBody }

export const AUTH_REQUIRED = errorMessage('auth_required')

const fail = (status: 401 | 403 | 404, code: 'auth_required' | 'no_edit_permission' | 'item_not_found'): Outcome => ({
  ok: false,
  status,
  error: errorBody(code),
})

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
  const prepared = prepareItem(input, null, now)
  if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
  const { fields } = prepared
  if (!canEdit(caller, { id: null, pageName: fields.page_name, cityName: fields.city_name })) {
    return fail(403, 'no_edit_permission')
  }
  const id = await insertItem(deps.store.db, { ...fields, created_at: now, edit_key_hash: null })
  const row = await getItem(deps.store.db, id)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

/** Saves changes; page and area staff cannot move an item out of their own page or city. */
async function saveOne(deps: Deps, caller: Caller | null, id: number, input: ItemInput): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok) return found
  const prepared = prepareItem(input, found.row, deps.now().toISOString())
  if (!prepared.ok) return { ok: false, status: 400, error: prepared.error }
  const { fields } = prepared
  if (!canEdit(caller, { id, pageName: fields.page_name, cityName: fields.city_name })) {
    return fail(403, 'no_edit_permission')
  }
  const row = await updateItem(deps.store.db, id, fields)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

async function removeOne(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok) return found
  await deleteItem(deps.store.db, id)
  return found
}

/** Locks the item's current result against its template until `until` (SPEC: default one hour). */
async function lockOne(deps: Deps, caller: Caller | null, id: number, until?: Date): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok) return found
  const at = until ?? new Date(deps.now().getTime() + DEFAULT_LOCK_SECONDS * 1000)
  const row = await updateItem(deps.store.db, id, { lock_result_until: at.toISOString(), updated_at: deps.now().toISOString() })
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

async function unlockOne(deps: Deps, caller: Caller | null, id: number): Promise<Outcome> {
  const found = await editable(deps, caller, id)
  if (!found.ok) return found
  const now = deps.now().toISOString()
  const changes = { lock_result_until: null, updated_at: now, ...(found.row.data_template ? { next_fetch_at: now } : {}) }
  const row = await updateItem(deps.store.db, id, changes)
  return row ? { ok: true, row } : fail(404, 'item_not_found')
}

/** Every write forgets this instance's cached reaction answers, so its own visitors see the change at once. */
function clearing<A extends unknown[]>(write: (deps: Deps, ...args: A) => Promise<Outcome>) {
  return async (deps: Deps, ...args: A): Promise<Outcome> => {
    const outcome = await write(deps, ...args)
    if (outcome.ok) deps.reactionCache.clear()
    return outcome
  }
}

export const createItem = clearing(createOne)
export const saveItem = clearing(saveOne)
export const removeItem = clearing(removeOne)
export const lockItem = clearing(lockOne)
export const unlockItem = clearing(unlockOne)
