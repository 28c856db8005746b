// The edit dialog's item (SPEC section 4): loaded for each request to edit, or a new draft; its
// fields as edited; saving, unlocking and their status. The dialog only draws this and its checks.
import { atom, onMount, task } from 'nanostores'
import { businessForm, type BusinessForm } from '../editor/business.ts'
import { draftFromRecord, newDraft, type Draft } from '../editor/draft.ts'
import { api } from './api.ts'
import { $editRequest, closeEditor, itemsChanged, type EditRequest } from './editor.ts'
import { failure, type Failure } from './form.ts'
import { reaction } from './reaction.ts'

export type EditItem =
  { state: 'loading' } | { state: 'failed'; failure: Failure } | { state: 'ready'; draft: Draft; business: BusinessForm }
export type EditStatus = { state: 'open' } | { state: 'saving' } | { state: 'error'; failure: Failure }

/** The item of the open request: follows `$editRequest` while the dialog's form shows it. */
export const $editItem = atom<EditItem>({ state: 'loading' })
export const $editStatus = atom<EditStatus>({ state: 'open' })

const OPEN: EditStatus = { state: 'open' }
const ready = (draft: Draft): EditItem => ({ state: 'ready', draft, business: businessForm(draft.specialData) })
let wanted = 0

/** A new request starts afresh: a new item's draft at once, a stored one from the API (the latest request wins). */
async function load(request: EditRequest | null): Promise<void> {
  const asked = ++wanted
  $editStatus.set(OPEN)
  if (request?.id === null) {
    const { aspect, pageName = null, cityName = null } = request
    return $editItem.set(ready(newDraft({ aspect, pageName, cityName })))
  }
  $editItem.set({ state: 'loading' })
  if (!request) return
  try {
    const record = await api.items.get(request.id)
    if (asked === wanted) $editItem.set(ready(draftFromRecord(record)))
  } catch (error) {
    if (asked === wanted) $editItem.set({ state: 'failed', failure: failure(error, 'get_failed') })
  }
}

/** Changes fields of the item's form. */
export function editDraft(patch: Partial<Draft>): void {
  const item = $editItem.get()
  if (item.state === 'ready') $editItem.set({ ...item, draft: { ...item.draft, ...patch } })
}

/** Changes fields of a business's form (its special data). */
export function editBusiness(patch: Partial<BusinessForm>): void {
  const item = $editItem.get()
  if (item.state === 'ready') $editItem.set({ ...item, business: { ...item.business, ...patch } })
}

/** The dialog's own checks refused the save: the text, in the page's language, to show. */
export function editRefused(text: string): void {
  $editStatus.set({ state: 'error', failure: { text } })
}

/**
 * Sends a checked payload (SPEC section 4, POST /api/manage/{id}; id 0 creates): on success every
 * list and the page's live data reload and the dialog closes; on failure everything typed stays.
 */
export async function saveEdit(payload: Record<string, unknown>): Promise<void> {
  const item = $editItem.get()
  if (item.state !== 'ready') return
  $editStatus.set({ state: 'saving' })
  try {
    await api.manage.save(item.draft.id ?? 0, payload)
    itemsChanged()
    reaction.retry()
    closeEditor()
  } catch (error) {
    // The server's reason, or the SPEC's 'Failed to save changes'.
    $editStatus.set({ state: 'error', failure: failure(error, 'save_failed') })
  }
}

/** Lifts the result lock of a stored item (superadmin's override tab). */
export async function unlockEdit(): Promise<void> {
  const item = $editItem.get()
  const id = item.state === 'ready' ? item.draft.id : null
  if (id === null) return
  try {
    await api.manage.unlock(id)
    editDraft({ lockResultUntil: null })
    itemsChanged()
    reaction.retry()
  } catch (error) {
    $editStatus.set({ state: 'error', failure: failure(error, 'unlock_failed') })
  }
}

onMount($editItem, () => $editRequest.subscribe((request) => void task(() => load(request))))
