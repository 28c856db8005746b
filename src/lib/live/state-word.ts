// An item's state as the visitor reads it: the dictionary's word for the SPEC's statuses (section 3), staff's own
// words as written. The lists, the widget, the feeds and the alert emails all say it the same way.
import type { I18nFamily } from '../../i18n/translate.ts'
import { STATUS_WORDS } from '../items.ts'

const KNOWN_STATES: readonly string[] = [...STATUS_WORDS, 'critical']

/**
 * A state word in the reader's language when it is one of the SPEC's statuses; staff's own words as written.
 * @example stateLabel('active', t) // 'Active' ('Activo' in Spanish)
 * @example stateLabel('Detour via SR 203', t) // 'Detour via SR 203'
 */
export function stateLabel(state: string, t: (key: I18nFamily<'status'>) => string): string {
  const word = state.trim().toLowerCase()
  return KNOWN_STATES.includes(word) ? t(`status.${word}` as I18nFamily<'status'>) : state
}
