import { appPath, type Locale } from './routing/routes.ts'

/** An owner link's secret parts: the item's edit key (h) and its id (rx), as GET /api/login takes them. */
export type OwnerKey = { h: string; rx: string }

/**
 * Reads an owner link's fragment (untrusted): a base64url key of 16 to 200 characters and a
 * numeric item id; null for anything else. The key rides in the fragment, never sent to the
 * static host, its logs or a Referer header.
 * @example parseOwnerFragment('#h=AbC…&rx=12') // { h: 'AbC…', rx: '12' }
 */
export function parseOwnerFragment(hash: string): OwnerKey | null {
  const match = /^#h=([\w-]{16,200})&rx=(\d{1,10})$/.exec(hash)
  return match?.[1] && match[2] ? { h: match[1], rx: match[2] } : null
}

/**
 * The link staff hand to a business owner: the editor page in the staff member's language.
 * @example ownerLinkUrl('https://porchlight.example', 'es', { h: 'k…', rx: '12' }) // 'https://porchlight.example/es/editor#h=k…&rx=12'
 */
export function ownerLinkUrl(origin: string, locale: Locale, key: OwnerKey): string {
  return `${origin}${appPath(locale, 'editor')}#h=${key.h}&rx=${key.rx}`
}
