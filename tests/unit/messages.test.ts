import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'
import { ApiError } from '../../src/lib/api/porchlight.ts'
import { fill } from '../../src/lib/fill.ts'
import { errorText, localError, localProblems } from '../../src/lib/messages.ts'

const t = (key: string, values?: Record<string, string>) => fill(dictionaries.de[key] ?? key, values ?? {})

describe('localProblems and localError', () => {
  it('translate by code, with the placeholders filled', () => {
    expect(localProblems([{ code: 'list_users_failed', params: { status: 'Bad Gateway' } }], t)).toBe(
      fill(dictionaries.de['users.listFailed']!, { status: 'Bad Gateway' }),
    )
    expect(localProblems([{ code: 'title_required' }, { code: 'link_url' }], t)).toBe(
      'Titel ist erforderlich, Ungültige Link-URL',
    )
  })
  it('prefer the codes an ApiError carries to its text (a server may word a text differently)', () => {
    expect(localError(new ApiError(404, 'Item gone', [{ code: 'item_not_found' }]), 'get_failed', t)).toBe(
      dictionaries.de['msg.itemNotFound'],
    )
  })
  it('show the text of a server whose code this client lacks, else the fallback by its code', () => {
    expect(localError(new ApiError(500, 'Datenbank brennt'), 'save_failed', t)).toBe('Datenbank brennt')
    expect(localError(new ApiError(500, ''), 'save_failed', t)).toBe('Änderungen konnten nicht gespeichert werden')
    // An English text alone is not read back into a code any more: servers send codes (tests/api/harness.ts checks).
    expect(localError(new Error('Failed to save changes'), 'delete_failed', t)).toBe(dictionaries.de['msg.deleteFailed'])
    expect(localError('thrown text', 'delete_failed', t)).toBe(dictionaries.de['msg.deleteFailed'])
  })
  it('fall back to the English text when the loaded dictionary part lacks the key', () => {
    const bare = (key: string) => key
    expect(localProblems([{ code: 'unsupported_provider', params: { provider: 'gitlab' } }], bare)).toBe(
      'Unsupported provider: gitlab',
    )
  })
})

describe('errorText', () => {
  it('takes the message of a failed call, else the fallback', () => {
    expect(errorText(new ApiError(0, 'Network error. Please check your connection.'), 'x')).toBe(
      'Network error. Please check your connection.',
    )
    expect(errorText(new Error(''), 'Failed to save changes')).toBe('Failed to save changes')
    expect(errorText('thrown text', 'Failed to save changes')).toBe('Failed to save changes')
  })
})
