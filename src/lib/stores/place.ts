import { atom } from 'nanostores'

/** The point a page is about: a city from the build, or a map point from the URL. */
export type PagePoint = { lat: number; lon: number; timeZone: string | null; name: string | null; route: string | null }

/** Set once by the page script; every data island reads its point from here. */
export const $pagePoint = atom<PagePoint | null>(null)

export function setPagePoint(point: PagePoint | null): void {
  $pagePoint.set(point)
}

/** Fills in the time zone (nearest city's) once a coordinate page has found it. */
export function setPageTimeZone(timeZone: string, name: string): void {
  const point = $pagePoint.get()
  if (point) $pagePoint.set({ ...point, timeZone, name })
}
