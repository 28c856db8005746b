/** Reading a question: which topic (intent), which time (scope), and which business it names, if any. */
import { normalize, hasKeyword } from './normalize.ts'
import { INTENTS, INTENT_WEIGHT, INTENT_WORDS, SCOPE_REWRITES, SCOPE_WORDS, type Intent, type Scope } from './vocabulary.ts'

export type Reading = { intent: Intent; scope: Scope; scopeSaid: boolean; business: number | null }

/** Without a time word, rain is about the hours ahead ('Will it rain?'); everything else is about now. */
const DEFAULT_SCOPE: Partial<Record<Intent, Scope>> = { rain: 'later' }
const SCOPE_ORDER = ['tomorrow', 'week', 'tonight', 'later', 'now'] as const
/** Words of business names that say nothing about which business is meant. */
const NAME_NOISE = new Set(['demo', 'the', 'and', 'of', 'at', 'on', 'in', 'for', 'de', 'la', 'le', 'el', 'der', 'die', 'das'])

const allWords = (table: Record<string, readonly string[]>): string[] => Object.values(table).flat()

/**
 * Which of the listed business names the question mentions: the one with the most of its words
 * (whole words, three letters or more), or null. Returns the index and how many words matched.
 * @example namedBusiness('when does stella street pizza open', ['[Demo] Stella Street Pizza']) // { index: 0, words: 3 }
 */
export function namedBusiness(question: string, names: readonly string[]): { index: number; words: number } | null {
  const scored = names.map((name, index) => {
    const words = [...new Set(normalize(name).split(' '))].filter((word) => word.length >= 3 && !NAME_NOISE.has(word))
    const found = words.filter((word) => hasKeyword(question, `=${word}`)).length
    return { index, words: found, share: words.length ? found / words.length : 0 }
  })
  // Most words found, then the largest share of the name; the first listed on a tie.
  const best = scored
    .filter((entry) => entry.words > 0)
    .sort((a, b) => b.words - a.words || b.share - a.share || a.index - b.index)[0]
  return best ? { index: best.index, words: best.words } : null
}

/**
 * The time a question is about, and whether it said one.
 * @example questionScope('will it rain tomorrow night') // { scope: 'tomorrow', said: true }
 */
export function questionScope(question: string): { scope: Scope | null; said: boolean } {
  let text = normalize(question)
  for (const [from, to] of SCOPE_REWRITES) text = ` ${text} `.replace(` ${from} `, ` ${to} `).trim()
  const scope = SCOPE_ORDER.find((candidate) => allWords(SCOPE_WORDS[candidate]).some((word) => hasKeyword(text, word))) ?? null
  return { scope, said: scope !== null }
}

/**
 * Reads a question in any of the six languages. Each topic scores its weight once per keyword
 * found; the highest wins (ties go to the earlier topic in INTENTS); a named business adds to
 * 'open'. Nothing found is 'unknown'.
 * @example readQuestion('¿Lloverá mañana?') // { intent: 'rain', scope: 'tomorrow', scopeSaid: true, business: null }
 */
export function readQuestion(question: string, businessNames: readonly string[] = []): Reading {
  const text = normalize(question)
  const named = namedBusiness(text, businessNames)
  let intent: Intent = 'unknown'
  let top = 0
  for (const candidate of INTENTS) {
    const hits = allWords(INTENT_WORDS[candidate]).filter((word) => hasKeyword(text, word))
    let score = new Set(hits).size * INTENT_WEIGHT[candidate]
    if (candidate === 'open' && named) score += named.words >= 2 ? 3 : 0.5
    if (score > top) [intent, top] = [candidate, score]
  }
  const { scope, said } = questionScope(question)
  return {
    intent,
    scope: scope ?? DEFAULT_SCOPE[intent] ?? 'now',
    scopeSaid: said,
    business: intent === 'open' ? (named?.index ?? null) : null,
  }
}
