import { atom } from 'nanostores'

/** The local page's search box and all / open-now filter (not persisted: a fresh visit shows everything). */
export type LocalFilter = { query: string; openNow: boolean }
export const $localFilter = atom<LocalFilter>({ query: '', openNow: false })

export function setLocalQuery(query: string): void {
  $localFilter.set({ ...$localFilter.get(), query: query.slice(0, 80) })
}

export function setOpenNow(openNow: boolean): void {
  $localFilter.set({ ...$localFilter.get(), openNow })
}
