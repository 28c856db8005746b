/** Question text folded for matching: case, accents, full-width forms, punctuation, and CJK without spaces. */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/**
 * Lower case, NFKC (full-width letters and digits become ASCII), Latin accents removed, ß as ss,
 * punctuation as spaces, and a space wherever CJK text meets Latin letters or digits, so
 * 'Riverbend Caféは' gives the tokens 'riverbend', 'cafe', 'は'.
 * Only the combining marks of Latin scripts go: Japanese voicing marks (が) are kept.
 * @example normalize('¿Lloverá MAÑANA?') // 'llovera manana'
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .replace(/['’`]/g, ' ')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/(\p{Script=Latin}|\d)(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu, '$1 ')
    .replace(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])(?=\p{Script=Latin}|\d)/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Whether a normalized question holds a keyword. CJK keywords match anywhere (those languages
 * write no spaces); others match at the start of a word, so 'rain' finds 'raining' but not 'brain',
 * and several words must follow each other. A keyword starting with '=' must be a whole word.
 * @example hasKeyword('is it raining', 'rain') // true
 */
export function hasKeyword(question: string, keyword: string): boolean {
  if (CJK.test(keyword)) return question.includes(keyword)
  const exact = keyword.startsWith('=')
  const word = exact ? keyword.slice(1) : keyword
  const at = ` ${question} `.indexOf(` ${word}${exact ? ' ' : ''}`)
  return at >= 0
}
