// An item's state and priority as the visitor reads them: the dictionary's word for the SPEC's statuses (section 3), staff's own
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

/** The priorities the dictionary has a word for (SPEC section 3's others, High, Medium and Low, read as written). */
const PRIORITY_WORDS: readonly string[] = ['critical', 'urgent', 'warning', 'normal', 'info']

/**
 * A priority in the reader's language when the dictionary has it; any other as written.
 * @example priorityLabel('Critical', t) // 'Crítico' in Spanish
 */
export function priorityLabel(priority: string, t: (key: I18nFamily<'priority'>) => string): string {
  const key = priority.trim().toLowerCase()
  return PRIORITY_WORDS.includes(key) ? t(`priority.${key}` as I18nFamily<'priority'>) : priority
}
