// /editor's item list (SPEC section 4): search, section and category filters and paging over
// GET /items, which applies the signed-in user's scope; and deleting an item from it.
import { atom, computed, onMount, task } from 'nanostores'
import type { ItemList } from '../api/porchlight.ts'
import { ASPECTS, type Aspect } from '../items.ts'
import { api } from './api.ts'
import { $currentUser } from './auth.ts'
import { $itemsVersion, itemsChanged } from './editor.ts'
import { failure, type Failure } from './form.ts'

/** Items per page of the list. */
export const EDITOR_PAGE_SIZE = 20
/** Typing waits this long before it asks the API. */
export const SEARCH_WAIT_MS = 250

export type EditorFilter = { q: string; aspect: Aspect | ''; category: string; page: number }
export type EditorListing = { state: 'loading' } | { state: 'ok'; list: ItemList } | { state: 'error'; failure: Failure }
/** The line above the list after a delete: which item went, or why it could not. */
export type EditorNotice = { kind: 'deleted'; title: string } | { kind: 'deleteFailed'; failure: Failure } | null

const NO_FILTER: EditorFilter = { q: '', aspect: '', category: '', page: 0 }

/** What is typed in the search box; it reaches the filter `SEARCH_WAIT_MS` after the last key. */
export const $editorSearch = atom('')
export const $editorFilter = atom<EditorFilter>(NO_FILTER)
/** The list for the filter; loaded while anything shows it and the user is signed in with a role. */
export const $editorListing = atom<EditorListing>({ state: 'loading' })
export const $editorNotice = atom<EditorNotice>(null)

/** Signed in with a role that may see the list (role none sees a note instead). */
const $mayList = computed($currentUser, (user) => user !== null && user.role !== 'none')

let wanted = 0
let typing: ReturnType<typeof setTimeout> | undefined

/** Lists the filter's page; only the latest request's answer is kept. A list on screen stays while the next loads. */
export async function loadEditorList(): Promise<void> {
  const request = ++wanted
  if (!$mayList.get()) return
  const filter = $editorFilter.get()
  if ($editorListing.get().state !== 'ok') $editorListing.set({ state: 'loading' })
  try {
    const list = await api.items.list({
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.aspect ? { dataAspect: filter.aspect } : {}),
      ...(filter.category ? { dataCategory: filter.category } : {}),
      limit: EDITOR_PAGE_SIZE,
      offset: filter.page * EDITOR_PAGE_SIZE,
    })
    if (request === wanted) $editorListing.set({ state: 'ok', list })
  } catch (error) {
    if (request === wanted) $editorListing.set({ state: 'error', failure: failure(error, 'list_failed') })
  }
}

/** The search box changed: the filter follows once typing pauses, from the first page. */
export function typeEditorSearch(text: string): void {
  $editorSearch.set(text)
  clearTimeout(typing)
  typing = setTimeout(() => {
    const q = text.trim()
    const filter = $editorFilter.get()
    if (filter.q !== q) $editorFilter.set({ ...filter, q, page: 0 })
  }, SEARCH_WAIT_MS)
}

/**
 * Shows one section's items ('' for all), from the first page; anything else than a section means all.
 * Businesses have their own categories: moving to or from Local forgets the category chosen.
 */
export function setEditorAspect(value: string): void {
  const aspect = ASPECTS.find((known) => known === value) ?? ''
  const filter = $editorFilter.get()
  const category = (aspect === 'local') === (filter.aspect === 'local') ? filter.category : ''
  $editorFilter.set({ ...filter, aspect, category, page: 0 })
}

/** Shows one category's items ('' for all), from the first page. */
export function setEditorCategory(category: string): void {
  $editorFilter.set({ ...$editorFilter.get(), category, page: 0 })
}

/** Goes to a page of the list (0 is the first). */
export function showEditorPage(page: number): void {
  $editorFilter.set({ ...$editorFilter.get(), page: Math.max(0, page) })
}

/** Deletes an item; the notice says how it went and, when it went, every list reloads. */
export async function deleteItem(id: number, title: string): Promise<boolean> {
  try {
    await api.items.remove(id)
  } catch (error) {
    $editorNotice.set({ kind: 'deleteFailed', failure: failure(error, 'delete_failed') })
    return false
  }
  $editorNotice.set({ kind: 'deleted', title })
  itemsChanged()
  return true
}

onMount($editorListing, () => {
  // A task, so tests can wait for it with allTasks().
  const reload = (): void => void task(loadEditorList)
  reload()
  const stops = [$editorFilter.listen(reload), $itemsVersion.listen(reload), $mayList.listen(reload)]
  return () => {
    stops.forEach((stop) => stop())
    clearTimeout(typing)
    wanted++
    $editorSearch.set('')
    $editorFilter.set(NO_FILTER)
    $editorListing.set({ state: 'loading' })
    $editorNotice.set(null)
  }
})
