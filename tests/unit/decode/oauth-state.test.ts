import { describe, expect, it } from 'vitest'
import { checkCallback, githubAuthorizeUrl, newOAuthState } from '../../../src/lib/decode/oauth-state.ts'

describe('OAuth state', () => {
  it('makes long, different states', () => {
    const [a, b] = [newOAuthState(), newOAuthState()]
    expect(a).toMatch(/^[\w-]{43}$/)
    expect(a).not.toBe(b)
  })

  it('builds GitHub’s authorize address', () => {
    const url = new URL(githubAuthorizeUrl('https://github.com/login/oauth/authorize', 'id', 'https://x.org/auth/callback', 's1'))
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'id',
      redirect_uri: 'https://x.org/auth/callback',
      scope: 'user:email',
      state: 's1',
    })
  })

  it.each([
    ['code=c&state=s', 's', { ok: true, code: 'c' }],
    ['code=c&state=other', 's', { ok: false, error: 'csrf_state' }],
    ['code=c', 's', { ok: false, error: 'csrf_state' }],
    ['code=c&state=s', null, { ok: false, error: 'csrf_state' }],
    ['state=s', 's', { ok: false, error: 'callback_failed' }],
  ])('%s with stored %s', (query, stored, result) => {
    expect(checkCallback(new URLSearchParams(query), stored)).toEqual(result)
  })
})
