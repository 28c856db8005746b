// Feed items that carry their text in several languages (IPAWS alerts: one CAP info per language) keep the
// other languages in data.specialData as { translations: { es: { title, lines } } }; the page shows its own.
import type { Reaction } from '../api/types.ts'
import type { AlertItem } from '../items.ts'

type Translation = { title: string; lines: string[]; message: unknown }

/** The translation of an item into `lang`, when its special data holds one; null otherwise (never throws). */
export function translationOf(item: AlertItem, lang: string): Translation | null {
  const special = item.data.specialData
  if (!special || !special.includes('"translations"')) return null
  try {
    const value: unknown = JSON.parse(special)
    const found: unknown = (value as { translations?: Record<string, unknown> } | null)?.translations?.[lang]
    if (typeof found !== 'object' || found === null) return null
    const { title, lines, message } = found as { title?: unknown; lines?: unknown; message?: unknown }
    if (typeof title !== 'string' || !title) return null
    return {
      title,
      lines: Array.isArray(lines) ? lines.filter((line): line is string => typeof line === 'string') : [],
      message: typeof message === 'object' && message !== null ? message : null,
    }
  } catch {
    return null
  }
}

/** Special data with its message parts replaced by a translation's (or dropped when the translation has none). */
function withMessage(special: string | null | undefined, message: unknown): string | null {
  if (message === undefined || !special) return special ?? null
  try {
    const value = JSON.parse(special) as Record<string, unknown>
    if (message === null && !('message' in value)) return special
    const original = (value['message'] ?? {}) as Record<string, unknown>
    const expires = typeof original['expires'] === 'string' ? { expires: original['expires'] } : {}
    return JSON.stringify({ ...value, message: message === null ? null : { ...message, ...expires } })
  } catch {
    return special
  }
}

/**
 * The item in the visitor's language when it carries that language, else as it came (English, or the
 * sender's first language).
 * @example localizeItem(evacuation, 'es').title // 'Evacuación inmediata: Duvall …'
 */
export function localizeItem(item: AlertItem, lang: string): AlertItem {
  const translation = translationOf(item, lang)
  if (!translation) return item
  const lines = translation.lines.length ? translation.lines : item.data.lines
  return {
    ...item,
    title: translation.title,
    // The parts of the translated lines (src/lib/live/alert-message.ts) replace the original's; its expiry stays.
    data: {
      ...item.data,
      lines,
      specialData: withMessage(item.data.specialData, translation.lines.length ? translation.message : undefined),
    },
  }
}

/** The statuses of a reaction answer in the visitor's language (the banner, badges and lists all read this). */
export function localizeReaction(reaction: Reaction, lang: string): Reaction {
  if (lang === 'en' || !reaction.statuses.messages.some((item) => translationOf(item, lang))) return reaction
  return {
    ...reaction,
    statuses: { ...reaction.statuses, messages: reaction.statuses.messages.map((item) => localizeItem(item, lang)) },
  }
}
