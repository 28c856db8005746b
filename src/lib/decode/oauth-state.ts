/** OAuth in the browser (SPEC sections 5 and 7): GitHub's redirect with a random state, checked on return. */

/**
 * A fresh random state for one sign-in (256 bits, base64url).
 * @example newOAuthState() // 'Jq3…' (43 characters)
 */
export function newOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * GitHub's authorize address for this site.
 * @example githubAuthorizeUrl('https://github.com/login/oauth/authorize', 'id', 'https://x.org/auth/callback', 's')
 */
export function githubAuthorizeUrl(base: string, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(base)
  url.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, scope: 'user:email', state }).toString()
  return url.toString()
}

/** A refused return names why by its code (src/lib/errors.ts): a state that does not match, or no usable code. */
export type CallbackCheck = { ok: true; code: string } | { ok: false; error: 'csrf_state' | 'callback_failed' }

/**
 * The return from GitHub: the state must equal the one stored before leaving (SPEC section 5), and a code must be there.
 * @example checkCallback(new URLSearchParams('code=c&state=s'), 's') // { ok: true, code: 'c' }
 */
export function checkCallback(query: URLSearchParams, stored: string | null): CallbackCheck {
  const state = query.get('state')
  if (!stored || !state || state !== stored) return { ok: false, error: 'csrf_state' }
  const code = query.get('code')
  if (!code || code.length > 2048) return { ok: false, error: 'callback_failed' }
  return { ok: true, code }
}
