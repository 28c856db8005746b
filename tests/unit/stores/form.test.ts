// The staff forms' failures, from the API client's error to the text the form shows: the codes a failed
// call carries are kept as codes and said in the page's language; an answer without a known code keeps
// its English words; anything else is the call's own fallback code.
import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../../src/i18n/index.ts'
import type { T } from '../../../src/i18n/use-t.ts'
import { failureText } from '../../../src/islands/staff/Field.tsx'
import { ApiError, createApi } from '../../../src/lib/api/porchlight.ts'
import { ReactionError } from '../../../src/lib/api/reaction.ts'
import { fill } from '../../../src/lib/fill.ts'
import { failed, failure, refused } from '../../../src/lib/stores/form.ts'

type Language = keyof typeof dictionaries
/** As islands translate: the language's dictionary and fill(); a missing key comes back as the key. */
const tIn = (language: Language) =>
  ((key: string, values?: Record<string, string>) => fill(dictionaries[language][key] ?? key, values ?? {})) as T
const es = tIn('es')

describe('failure', () => {
  it('keeps the codes and values of a failed call', () => {
    const error = new ApiError(400, 'Title is required, LockResultUntil must be within 366 days', [
      { code: 'title_required' },
      { code: 'lock_too_far', params: { days: '366' } },
    ])
    expect(failure(error, 'save_failed')).toEqual({
      problems: [{ code: 'title_required' }, { code: 'lock_too_far', params: { days: '366' } }],
    })
    expect(
      failure(new ReactionError(0, 'Network error. Please check your connection.', [{ code: 'network' }]), 'load_data'),
    ).toEqual({
      problems: [{ code: 'network' }],
    })
  })

  it('keeps the English words of an answer without a code this client knows', () => {
    expect(failure(new ApiError(500, 'Database on fire'), 'save_failed')).toEqual({ message: 'Database on fire' })
  })

  it('names anything else by the call’s own fallback code', () => {
    expect(failure('offline', 'reset_failed')).toEqual({ problems: [{ code: 'reset_failed' }] })
    expect(failure(new Error(''), 'reset_failed')).toEqual({ problems: [{ code: 'reset_failed' }] })
    // A script error's words are not for people.
    expect(failure(new TypeError('x is undefined'), 'get_failed')).toEqual({ problems: [{ code: 'get_failed' }] })
    expect(failure(null, 'list_users_failed', { status: 'Bad Gateway' })).toEqual({
      problems: [{ code: 'list_users_failed', params: { status: 'Bad Gateway' } }],
    })
    expect(failed(null, 'google_failed')).toEqual({ state: 'error', failure: { problems: [{ code: 'google_failed' }] } })
  })
})

describe('failureText', () => {
  it('says a failed call in the page’s language, values filled in, several joined with a comma', () => {
    const { failure: saved } = failed(
      new ApiError(400, '…', [{ code: 'title_required' }, { code: 'lock_too_far', params: { days: '366' } }]),
      'save_failed',
    )
    expect(failureText(saved, es)).toBe(
      `${dictionaries.es['msg.titleRequired']}, ${fill(dictionaries.es['msg.lockTooFar']!, { days: '366' })}`,
    )
    expect(failureText(saved, es)).not.toMatch(/Title is required/)
  })

  it('says the client’s own failures in each language: no connection, no answer in time, an unreadable answer', () => {
    for (const language of Object.keys(dictionaries) as Language[]) {
      const t = tIn(language)
      expect(failureText({ problems: [{ code: 'network' }] }, t)).toBe(dictionaries[language]['msg.network'])
      expect(failureText({ problems: [{ code: 'timeout' }] }, t)).toBe(dictionaries[language]['msg.timeout'])
      expect(failureText({ problems: [{ code: 'bad_response' }] }, t)).toBe(dictionaries[language]['msg.badResponse'])
    }
    expect(dictionaries.ja['msg.timeout']).not.toBe(dictionaries.en['msg.timeout'])
  })

  it('from the API client to the form: a network failure in Spanish', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    const status = await api.auth.resetPassword('tok', 'longenough').then(
      () => null,
      (error: unknown) => failed(error, 'reset_failed'),
    )
    expect(status).toEqual({ state: 'error', failure: { problems: [{ code: 'network' }] } })
    expect(failureText(status!.failure, es)).toBe('Error de red. Compruebe su conexión.')
  })

  it('says the call’s fallback in the page’s language when the server gave no reason', async () => {
    const api = createApi(() => null, {
      base: 'http://api.test',
      fetch: () => Promise.resolve(new Response('', { status: 502 })),
    })
    const status = await api.items.remove(4).then(
      () => null,
      (error: unknown) => failed(error, 'delete_failed'),
    )
    expect(failureText(status!.failure, tIn('de'))).toBe(dictionaries.de['msg.deleteFailed'])
  })

  it('shows an answer without a known code as it came, a browser check by its key, a local text as it is', () => {
    expect(failureText({ message: 'Database on fire' }, es)).toBe('Database on fire')
    expect(failureText(refused('reset.short').failure, es)).toBe(dictionaries.es['reset.short'])
    expect(failureText({ text: 'Falta el título' }, es)).toBe('Falta el título')
  })

  it('falls back to the English text when the loaded dictionary part lacks the key', () => {
    const bare = ((key: string) => key) as T
    expect(failureText({ problems: [{ code: 'timeout' }] }, bare)).toBe('The server took too long to answer. Please try again.')
  })
})
