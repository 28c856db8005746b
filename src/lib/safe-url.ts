// Links from untrusted item texts and feeds: http(s) only. Its own module, so a page that shows links does
// not load the business parser (src/lib/live/business.ts) with it.

/** Longest URL kept. */
const URL_MAX = 2000

/**
 * http(s) URLs only (trimmed, max 2,000 chars), normalised by the URL parser; anything else (javascript:, data:, relative) is null.
 * @example safeHttpUrl(' https://example.com/menu ') // 'https://example.com/menu'
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  if (!trimmed || trimmed.length > URL_MAX) return null
  try {
    const url = new URL(trimmed)
    // The parsed href, not the input: it is what a browser would follow, with tabs and newlines already removed.
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
