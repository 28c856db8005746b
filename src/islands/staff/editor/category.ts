// A category in the editor's language, for the list's filter and its rows.
import { BUSINESS_CATEGORIES, readCategory } from '../../../lib/live/business.ts'
import { ALERT_CATEGORIES } from '../../../lib/live/statuses.ts'
import type { I18nFamily, T } from '../../../i18n/use-t.ts'

const ALERT_WORDS: readonly string[] = ALERT_CATEGORIES

/**
 * Businesses have their own words (SPEC section 3, 'eatery' read as restaurant, so one label per category),
 * the rest alert categories; a word of neither list is shown as written.
 */
export function categoryLabel(aspect: string, category: string, t: T): string {
  if (aspect === 'local') return t(`business.${readCategory(category)}`)
  return ALERT_WORDS.includes(category) ? t(`category.${category}` as I18nFamily<'category'>) : category
}

/** The categories the list's filter offers in a section ('' for all sections): the SPEC's business words on Local. */
export function filterCategories(aspect: string): readonly string[] {
  return aspect === 'local' ? BUSINESS_CATEGORIES : ALERT_CATEGORIES
}
