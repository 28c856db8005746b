/** Sizes the assistant keeps to, in the browser and on the server alike. */

/** Characters of one question; the input stops there and the server refuses more. */
export const QUESTION_MAX = 300
/** Characters of the data summary sent to the server's model. */
export const SUMMARY_MAX = 6000
/** Characters of a model's answer shown; longer answers are cut. */
export const ANSWER_MAX = 1500

/**
 * A question trimmed and cut to QUESTION_MAX whole characters (an emoji is never split).
 * @example limitQuestion('  Will it rain?  ') // 'Will it rain?'
 */
export function limitQuestion(text: string): string {
  const trimmed = text.trim()
  return trimmed.length > QUESTION_MAX ? Array.from(trimmed).slice(0, QUESTION_MAX).join('').trim() : trimmed
}
