// An item row's text for a reader: the translation it carries in the reader's language (an IPAWS alert's other
// CAP infos), else its own, chosen as the page chooses (src/lib/live/translations.ts).
import { textIn } from '../../src/lib/live/translations.ts'
import type { ItemRow } from '../db/schema.ts'

/** The text lines of an item's JSON `lines` column; none when it is not a list. */
function linesOf(column: string): string[] {
  try {
    const value: unknown = JSON.parse(column)
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : []
  } catch {
    return []
  }
}

/** The title and lines of a row in `lang` (the translation's when the row carries one). */
export function rowText(
  row: Pick<ItemRow, 'title' | 'lines' | 'special_data'>,
  lang: string,
): { title: string; lines: string[] } {
  const text = textIn({ title: row.title, lines: linesOf(row.lines), specialData: row.special_data }, lang)
  return { title: text.title, lines: text.lines }
}
