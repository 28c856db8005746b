/** The item every live section shows (SPEC section 3), and the rules for saving one (SPEC section 5). */
import type { Problem } from './errors.ts'
import { MAX_AREA_MILES, TITLE_LIMIT } from './item-limits.ts'

/** The section an item belongs to; the reaction response has one list per section. */
export const ASPECTS = ['statuses', 'roads', 'cameras', 'local'] as const
export type Aspect = (typeof ASPECTS)[number]

/** Priority words of the SPEC, most pressing first: the order of the reaction lists. */
export const PRIORITIES = ['Critical', 'Urgent', 'High', 'Warning', 'Medium', 'Normal', 'Info', 'Low'] as const
export type Priority = (typeof PRIORITIES)[number]

/** The SPEC's status vocabulary (section 3). */
export const STATUS_WORDS = [
  'open',
  'closed',
  'blocked',
  'normal',
  'active',
  'inactive',
  'pending',
  'completed',
  'cancelled',
  'unknown',
  'outdated',
] as const

/** SPEC section 5: a title is under this many characters (the longest is TITLE_LIMIT, from the field table). */
export const TITLE_MAX = TITLE_LIMIT + 1
export { MAX_AREA_MILES, TITLE_LIMIT }
export const CAMERAS_CAP = 60
export const DEFAULT_LOCK_SECONDS = 3600

/**
 * Reads a priority word in any case; unknown words become Normal.
 * @example parsePriority('critical') // 'Critical'
 */
export function parsePriority(value: unknown): Priority {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : ''
  return PRIORITIES.find((priority) => priority.toLowerCase() === word) ?? 'Normal'
}

/** Sort rank of a priority: 0 for Critical up to 7 for Low. */
export function priorityRank(priority: string): number {
  return PRIORITIES.indexOf(parsePriority(priority))
}

/** The editable text fields that SPEC section 5 validates. */
export type ItemDraft = {
  title?: string | null | undefined
  state?: string | null | undefined
  link?: string | null | undefined
  image?: string | null | undefined
  specialData?: string | null | undefined
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Checks an item before saving (SPEC section 5): the codes of what is wrong, in the SPEC's order.
 * @example itemProblems({ title: ' ', link: 'x' }) // [{ code: 'title_required' }, { code: 'link_url' }]
 */
export function itemProblems(draft: ItemDraft): Problem[] {
  const problems: Problem[] = []
  const title = (draft.title ?? '').trim()
  if (!title) problems.push({ code: 'title_required' })
  else if (title.length > TITLE_LIMIT) problems.push({ code: 'title_too_long' })
  if (draft.specialData) {
    try {
      JSON.parse(draft.specialData)
    } catch {
      problems.push({ code: 'special_data_json' })
    }
  }
  if (draft.link && !isHttpUrl(draft.link.trim())) problems.push({ code: 'link_url' })
  if (draft.image && !isHttpUrl(draft.image.trim())) problems.push({ code: 'image_url' })
  return problems
}

/**
 * Trims title and state and turns an empty link or image into null (SPEC section 5).
 * @example sanitizeItem({ title: ' A ', link: '' }) // { title: 'A', link: null }
 */
export function sanitizeItem<T extends ItemDraft>(draft: T): T {
  const clean: T = { ...draft }
  if (typeof clean.title === 'string') clean.title = clean.title.trim()
  if (typeof clean.state === 'string') clean.state = clean.state.trim()
  if ('link' in clean) clean.link = clean.link?.trim() || null
  if ('image' in clean) clean.image = clean.image?.trim() || null
  return clean
}

/** The Alert item and the reaction answer, as the API sends them: derived from its schemas in one place. */
export type { AlertItem, Reaction } from './api/types.ts'
