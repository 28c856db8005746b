/** The status list (SPEC sections 2 and 3): alert categories and the style level of each priority. */
import { parsePriority, type AlertItem, type Priority } from '../items.ts'

/** SPEC section 3's alert categories, in the order the list shows its groups. */
export const ALERT_CATEGORIES = ['traffic', 'school', 'services', 'weather', 'local', 'other'] as const
export type AlertCategory = (typeof ALERT_CATEGORIES)[number]

const known = (value: string | null): AlertCategory | undefined => {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return ALERT_CATEGORIES.find((category) => category === word)
}

/**
 * An item's category from dataCategory (else category), lowercased; unknown or missing → 'other'.
 * The free-text category ('Flood warning') is only a fallback for items saved without a dataCategory.
 * @example categoryOf({ ...item, dataCategory: 'School' }) // 'school'
 */
export function categoryOf(item: AlertItem): AlertCategory {
  return known(item.dataCategory) ?? known(item.category) ?? 'other'
}

/**
 * Groups in ALERT_CATEGORIES order (empty groups dropped); inside a group the API's order is kept.
 * @example groupStatuses(reaction.statuses.messages).map((group) => group.category) // ['traffic', 'school', …]
 */
export function groupStatuses(items: AlertItem[]): { category: AlertCategory; items: AlertItem[] }[] {
  const buckets = new Map<AlertCategory, AlertItem[]>(ALERT_CATEGORIES.map((category) => [category, []]))
  for (const item of items) buckets.get(categoryOf(item))?.push(item)
  return ALERT_CATEGORIES.map((category) => ({ category, items: buckets.get(category) ?? [] })).filter(
    (group) => group.items.length > 0,
  )
}

type Level = 'critical' | 'urgent' | 'warning' | 'normal' | 'info'

// Eight priority words share five styles: High looks urgent, Medium a warning, Low plain info.
const LEVELS: Record<Priority, Level> = {
  Critical: 'critical',
  Urgent: 'urgent',
  High: 'urgent',
  Warning: 'warning',
  Medium: 'warning',
  Normal: 'normal',
  Info: 'info',
  Low: 'info',
}

/**
 * The priority's style level for the list, in any case; an unknown word is normal.
 * @example priorityLevel('high') // 'urgent'
 */
export function priorityLevel(priority: string): Level {
  return LEVELS[parsePriority(priority)]
}
