// Feed items that carry their text in several languages (IPAWS alerts: one CAP info per language) keep the
// other languages in data.specialData as { translations: { es: { title, lines } } }; the page shows its own.
import type { Reaction } from '../api/types.ts'
import type { AlertItem } from '../items.ts'

type Translation = { title: string; lines: string[] }

/** The translation of an item into `lang`, when its special data holds one; null otherwise (never throws). */
export function translationOf(item: AlertItem, lang: string): Translation | null {
  const special = item.data.specialData
  if (!special || !special.includes('"translations"')) return null
  try {
    const value: unknown = JSON.parse(special)
    const found: unknown = (value as { translations?: Record<string, unknown> } | null)?.translations?.[lang]
    if (typeof found !== 'object' || found === null) return null
    const { title, lines } = found as { title?: unknown; lines?: unknown }
    if (typeof title !== 'string' || !title) return null
    return { title, lines: Array.isArray(lines) ? lines.filter((line): line is string => typeof line === 'string') : [] }
  } catch {
    return null
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
  return {
    ...item,
    title: translation.title,
    data: { ...item.data, lines: translation.lines.length ? translation.lines : item.data.lines },
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
