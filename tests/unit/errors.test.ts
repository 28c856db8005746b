import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'
import { ERRORS, errorBody, isErrorCode, problemsBody, problemsOfBody, type ErrorCode } from '../../src/lib/errors.ts'
import { ERROR_KEYS } from '../../src/lib/messages.ts'

const CODES = Object.keys(ERRORS) as ErrorCode[]
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort()

/** Keys whose English wording in the interface differs on purpose from the API's text for the code. */
const WORDED_FOR_THE_UI: readonly string[] = [
  'users.notSignedIn',
  'users.pageMissing',
  'users.cityMissing',
  'users.itemMissing',
  'users.exists',
  'feeds.forbidden',
  'feeds.error',
]

describe('the error vocabulary', () => {
  it('has a translation of every code in each of the six languages, with the same placeholders', () => {
    expect(Object.keys(dictionaries)).toHaveLength(6)
    for (const code of CODES) {
      const key = ERROR_KEYS[code]
      expect(key, `${code} has no dictionary key in ERROR_KEYS`).toBeTypeOf('string')
      for (const [language, dictionary] of Object.entries(dictionaries)) {
        const text = dictionary[key]
        expect(text, `${code} (${key}) is not translated in ${language}`).toBeTypeOf('string')
        expect(placeholders(text!), `${code} (${key}) in ${language}`).toEqual(placeholders(ERRORS[code]))
      }
    }
  })
  it('maps no code that is not in the vocabulary', () => {
    expect(Object.keys(ERROR_KEYS).sort()).toEqual([...CODES].sort())
  })
  it("uses the API's English texts (the SPEC's words) as the English translations", () => {
    for (const code of CODES) {
      const key = ERROR_KEYS[code]
      if (!WORDED_FOR_THE_UI.includes(key)) expect(dictionaries.en[key], code).toBe(ERRORS[code])
    }
  })
})

describe('error bodies', () => {
  it('carry the English text, the code and the values of its placeholders', () => {
    expect(errorBody('item_not_found')).toEqual({ error: 'Item not found', code: 'item_not_found' })
    expect(errorBody('unsupported_provider', { provider: 'gitlab' })).toEqual({
      error: 'Unsupported provider: gitlab',
      code: 'unsupported_provider',
      params: { provider: 'gitlab' },
    })
  })
  it('list several problems, joined with a comma in the text (SPEC section 5)', () => {
    const body = problemsBody([{ code: 'title_required' }, { code: 'lock_too_far', params: { days: '366' } }])
    expect(body).toEqual({
      error: 'Title is required, LockResultUntil must be within 366 days',
      code: 'title_required',
      problems: [{ code: 'title_required' }, { code: 'lock_too_far', params: { days: '366' } }],
    })
    expect(problemsBody([{ code: 'link_url' }])).toEqual(errorBody('link_url'))
  })
  it('read back from an answer: codes when known, else null (the text is shown)', () => {
    expect(problemsOfBody(errorBody('too_many'))).toEqual([{ code: 'too_many' }])
    expect(problemsOfBody(problemsBody([{ code: 'link_url' }, { code: 'image_url' }]))).toEqual([
      { code: 'link_url' },
      { code: 'image_url' },
    ])
    expect(problemsOfBody({ error: 'Item not found' })).toBeNull()
    expect(problemsOfBody({ error: 'New', code: 'from_a_newer_server' })).toBeNull()
    expect(problemsOfBody({ error: 'x', code: 'too_many', params: { a: 1 } })).toEqual([{ code: 'too_many' }])
    expect(problemsOfBody('text')).toBeNull()
    expect(isErrorCode('too_many')).toBe(true)
    expect(isErrorCode('toString')).toBe(false)
  })
})

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

describe('the API', () => {
  it('answers every failure with a code: no error body is written as a bare text', () => {
    const bare: string[] = []
    for (const file of sources('server')) {
      const text = readFileSync(file, 'utf8')
      // `{ error: 'text' }`, `{ error: \`text\` }` or `{ error: SOME_TEXT }` in a JSON answer.
      for (const match of text.matchAll(/(?:c\.json|JSON\.stringify)\(\s*\{\s*error:/g))
        bare.push(`${file}:${text.slice(0, match.index).split('\n').length}`)
    }
    expect(bare).toEqual([])
  })
})
