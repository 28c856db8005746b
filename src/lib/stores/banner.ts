import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import { LOCALES } from '../routing/routes.ts'
import { $bannerAlert } from './reaction.ts'

/** At most this many dismissed alerts are remembered (the oldest go first). */
const KEEP = 60

/**
 * The alerts the visitor dismissed, by key (`statuses:12`, `roads:7`). Dismissing the banner dismisses every alert
 * it stood for (its title and the "+N more"), so it shows again only for an alert that was not there yet. A stored
 * value from before issue 38 (the comma-joined keys of the dismissed set) reads as the same list.
 */
export const $dismissedAlerts = persistentAtom<string[]>('porchlight:dismissedAlerts', [], {
  encode: (keys) => keys.join(','),
  decode: (raw) =>
    typeof raw === 'string'
      ? raw
          .slice(0, 4000)
          .split(',')
          .filter((key) => /^(statuses|roads):\d+$/.test(key))
      : [],
})

/**
 * The places whose banner is dismissed, by page key (placeKey). The head script (src/components/head-script.js)
 * reads this list before the first paint and hides the banner's slot on all of the place's sections, so a
 * dismissed banner neither flashes nor leaves an empty band.
 */
export const $bannerOffPlaces = persistentAtom<string[]>('porchlight:bannerOff', [], {
  encode: (places) => JSON.stringify(places),
  decode: (raw) => {
    try {
      const list: unknown = JSON.parse(raw)
      return Array.isArray(list) ? list.filter((place): place is string => typeof place === 'string').slice(-KEEP) : []
    } catch {
      return []
    }
  },
})

/**
 * A place page's key, shared by its sections and languages: the path without the language and the section.
 * Written the same way in the head script.
 * @example placeKey('/es/wa/duvall/roads') // '/wa/duvall'
 */
export function placeKey(path: string): string {
  const languages = LOCALES.join('|')
  return path
    .toLowerCase()
    .replace(new RegExp(`^/(${languages})(?=/|$)`), '')
    .replace(/\/(statuses|cameras|roads|local)\/?$/, '')
    .replace(/\/$/, '')
}

/** The banner to show now: the current alert unless every alert it stands for was dismissed. */
export const $banner = computed([$bannerAlert, $dismissedAlerts], (alert, dismissed) =>
  alert && alert.signature.split(',').some((key) => !dismissed.includes(key)) ? alert : null,
)

/** Dismisses the banner's alerts here and on the place's other sections (see $bannerOffPlaces). */
export function dismissBanner(): void {
  const alert = $bannerAlert.get()
  if (!alert) return
  const keys = alert.signature.split(',')
  $dismissedAlerts.set([...$dismissedAlerts.get().filter((key) => !keys.includes(key)), ...keys].slice(-KEEP))
}

/** Keeps the place's entry in $bannerOffPlaces true to what the banner shows: off only while its alerts are dismissed. */
export function syncBannerOff(place: string, off: boolean): void {
  const places = $bannerOffPlaces.get()
  if (off === places.includes(place)) return
  $bannerOffPlaces.set(off ? [...places, place].slice(-KEEP) : places.filter((entry) => entry !== place))
}
