// Characters that XML 1.0 cannot carry (C0 controls other than tab, LF and CR; U+FFFE and U+FFFF) and lone
// surrogates: staff's text with them is refused at input, and the feed documents drop them whatever is stored.

/** The C0 controls XML 1.0 forbids, U+FFFE and U+FFFF. */
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/**
 * True when the text has a character XML cannot carry or a lone surrogate.
 * @example hasBadChars('a\u0007b') // true
 */
export function hasBadChars(text: string): boolean {
  NOT_XML.lastIndex = 0
  return NOT_XML.test(text) || !text.isWellFormed()
}

/**
 * The text without those characters; a lone surrogate becomes U+FFFD.
 * @example xmlSafe('a\u0000b\uD800') // 'ab\uFFFD'
 */
export const xmlSafe = (text: string): string => text.toWellFormed().replace(NOT_XML, '')

/** The message a field with such a character is refused with. */
export const BAD_CHARS_MESSAGE = 'must not contain control characters (other than tab and line breaks) or lone surrogates'
