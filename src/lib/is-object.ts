/**
 * True for a plain JSON object: not null, not an array. The one check for untrusted JSON (stored
 * settings, tokens, special data, provider answers) before its fields are read.
 * @example isObject({}) // true
 * @example isObject([]) // false
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
