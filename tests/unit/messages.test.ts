import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'
import { ApiError } from '../../src/lib/api/porchlight.ts'
import { fill } from '../../src/lib/fill.ts'
import { errorText, localError, localMessage, localProblems } from '../../src/lib/messages.ts'

const t = (key: string, values?: Record<string, string>) => fill(dictionaries.de[key] ?? key, values ?? {})

describe('localMessage', () => {
  it('translates a known text, one with a status text after it, and a comma-joined list of known texts', () => {
    expect(localMessage('Failed to save changes', t)).toBe('Änderungen konnten nicht gespeichert werden')
    expect(localMessage('Failed to list users: Bad Gateway', t)).toContain('Bad Gateway')
    expect(localMessage('Failed to list users: Bad Gateway', t)).not.toContain('Failed to list users')
    expect(localMessage('Title is required, Invalid link URL', t)).toBe('Titel ist erforderlich, Ungültige Link-URL')
  })
  it('keeps anything else as it came, including a list with one unknown part', () => {
    expect(localMessage('Something new', t)).toBe('Something new')
    expect(localMessage('Title is required, something else', t)).toBe('Title is required, something else')
  })
})

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
    expect(localError(new ApiError(404, 'Item gone', [{ code: 'item_not_found' }]), 'Failed to get item', t)).toBe(
      dictionaries.de['msg.itemNotFound'],
    )
  })
  it('fall back to the text, then to the fallback', () => {
    expect(localError(new ApiError(500, 'Failed to save changes'), 'x', t)).toBe('Änderungen konnten nicht gespeichert werden')
    expect(localError(new Error('Something new'), 'x', t)).toBe('Something new')
    expect(localError('thrown text', 'Failed to delete item', t)).toBe(dictionaries.de['msg.deleteFailed'])
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
