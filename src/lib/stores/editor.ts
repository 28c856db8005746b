import { atom } from 'nanostores'
import type { Aspect } from '../items.ts'

/** What the edit dialog is asked to open: a stored item, or a new one in a section. */
export type EditRequest = { id: number } | { id: null; aspect: Aspect; pageName?: string | null; cityName?: string | null }

/** The open edit dialog's request (SPEC section 4: an edit dialog can open over any page); null when closed. */
export const $editRequest = atom<EditRequest | null>(null)

/** Bumped after every saved or deleted item, so lists reload. */
export const $itemsVersion = atom(0)

/** Opens the edit dialog over the page; the dialog's code loads on the first open (src/scripts/layout.ts). */
export function openEditor(request: EditRequest): void {
  $editRequest.set(request)
}

export function closeEditor(): void {
  $editRequest.set(null)
}

/** Tells every list that items changed. */
export function itemsChanged(): void {
  $itemsVersion.set($itemsVersion.get() + 1)
}
