import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'
import { ApiError } from '../../src/lib/api/porchlight.ts'
import { fill } from '../../src/lib/fill.ts'
import { MESSAGE_KEYS, errorText, localMessage } from '../../src/lib/messages.ts'

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
  it('has every key in every language', () => {
    for (const dictionary of Object.values(dictionaries))
      for (const key of Object.values(MESSAGE_KEYS)) expect(dictionary[key], key).toBeTypeOf('string')
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
