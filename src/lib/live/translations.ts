// Feed items that carry their text in several languages (IPAWS alerts: one CAP info per language) keep the
// other languages in data.specialData as { translations: { es: { title, lines, message } } }. Every channel
// shows the reader's own: the page (localizeReaction), push, alert emails and the place feeds (server/notify/).
import type { Reaction } from '../api/types.ts'
import type { AlertItem } from '../items.ts'

type Translation = { title: string; lines: string[]; message: unknown }

/** What an item says: its title, its lines, and its special data (the parts of its lines and its translations). */
export type ItemText = { title: string; lines: string[]; specialData: string | null }

/** The translation into `lang` that an item's special data holds; null otherwise (never throws). */
export function translationOf(special: string | null | undefined, lang: string): Translation | null {
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

/**
 * An item's text for a reader of `lang`: the translation's own title, lines and their parts (headline, what to
 * do, description, areas, contact: src/lib/live/alert-message.ts) when the item carries that language, else the
 * item's own (English, or the sender's first language), returned as it came.
 * @example textIn(evacuation, 'es').lines[0] // 'Evacúe ahora: rotura del dique…'
 */
export function textIn(text: ItemText, lang: string): ItemText {
  const translation = translationOf(text.specialData, lang)
  if (!translation) return text
  const { title, lines, message } = translation
  // A translation without lines of its own keeps the item's lines and their parts.
  if (!lines.length) return { ...text, title }
  // translationOf has read the special data, so it parses. Its parts become the translation's (none when it has
  // none: the lines show as they are); the message expires when it does in every language.
  const special = JSON.parse(text.specialData!) as { message?: { expires?: unknown } }
  return {
    title,
    lines,
    specialData: JSON.stringify({ ...special, message: message && { ...message, expires: special.message?.expires } }),
  }
}

/**
 * The item in the visitor's language when it carries that language, else as it came.
 * @example localizeItem(evacuation, 'es').title // 'Evacuación inmediata: Duvall …'
 */
export function localizeItem<Item extends AlertItem>(item: Item, lang: string): Item {
  const { data } = item
  const text = textIn({ title: item.title, lines: data.lines, specialData: data.specialData ?? null }, lang)
  return text.title === item.title && text.lines === data.lines
    ? item
    : { ...item, title: text.title, data: { ...data, lines: text.lines, specialData: text.specialData } }
}

/** The statuses of a reaction answer in the visitor's language (the banner, badges and lists all read this). */
export function localizeReaction(reaction: Reaction, lang: string): Reaction {
  if (!reaction.statuses.messages.some((item) => translationOf(item.data.specialData, lang))) return reaction
  return {
    ...reaction,
    statuses: { ...reaction.statuses, messages: reaction.statuses.messages.map((item) => localizeItem(item, lang)) },
  }
}
