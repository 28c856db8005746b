import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import { $bannerAlert } from './reaction.ts'

/** The set of alerts the visitor dismissed (its signature); a new alert changes the set and shows the banner again. */
export const $dismissedAlerts = persistentAtom<string>('porchlight:dismissedAlerts', '', {
  encode: (value) => value,
  decode: (raw) => (typeof raw === 'string' ? raw.slice(0, 2000) : ''),
})

/** The banner to show now: the current alert unless this very set was dismissed. */
export const $banner = computed([$bannerAlert, $dismissedAlerts], (alert, dismissed) =>
  alert && alert.signature !== dismissed ? alert : null,
)

export function dismissBanner(): void {
  const alert = $bannerAlert.get()
  if (alert) $dismissedAlerts.set(alert.signature)
}
