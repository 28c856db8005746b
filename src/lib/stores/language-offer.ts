import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { offerKey } from '../routing/locale-path.ts'
import type { Locale } from '../routing/routes.ts'

/** The "View in {language}" offer the visitor dismissed last ('ja>en'); it stays away for that pair only. */
export const $dismissedOffer = persistentAtom<string | null>('porchlight:dismissedLanguageOffer', null, {
  encode: (value) => value ?? '',
  decode: (raw) => (typeof raw === 'string' && /^[a-z]{2}>[a-z]{2}$/.test(raw) ? raw : null),
})

/** Hides the offer of `offered` on pages in `page`'s language, here and in every tab. */
export function dismissLanguageOffer(page: Locale, offered: Locale): void {
  $dismissedOffer.set(offerKey(page, offered))
}
