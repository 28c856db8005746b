import { describe, expect, it } from 'vitest'
import en from '../../../src/i18n/en.json'
import es from '../../../src/i18n/es.json'
import { translator } from '../../../src/i18n/translate.ts'
import { businessForm } from '../../../src/lib/editor/business.ts'
import { DEFAULT_LOCK_CHOICE, newDraft, type Draft } from '../../../src/lib/editor/draft.ts'
import { checkEdit, fullDraft, type Advanced, type EditForm } from '../../../src/lib/editor/save.ts'

const dictionary: Record<string, string> = en
const t = translator(dictionary, 'en')
const now = new Date('2026-11-24T12:00:00Z')
const advanced: Advanced = { tab: 'override', lock: DEFAULT_LOCK_CHOICE, customLock: '', raw: '' }
const form = (patch: Partial<Draft> = {}, rest: Partial<EditForm> = {}): EditForm => {
  const draft = { ...newDraft({ aspect: 'statuses', cityName: 'Duvall' }), title: 'School late', ...patch }
  return { draft, business: businessForm(draft.specialData), advancedMode: false, advanced, ...rest }
}

describe('checkEdit', () => {
  it('sends the form’s payload and clears the field errors', () => {
    const check = checkEdit(form(), t, now)
    expect(check).toMatchObject({ ok: true, payload: { Title: 'School late', CityName: 'Duvall' }, errors: { business: {} } })
  })

  it('joins the SPEC’s texts with a comma, the other checks after them, and marks each field', () => {
    const check = checkEdit(form({ title: '', link: 'nope', lat: '47' }), t, now)
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.message).toBe('Title is required, Invalid link URL Give both latitude and longitude, or neither.')
    expect(check.errors).toMatchObject({
      title: 'Title is required',
      link: 'Invalid link URL',
      lon: 'Give both latitude and longitude, or neither.',
    })
  })

  it('says the SPEC’s checks in the page’s language by their codes, never by their English words', () => {
    const spanish: Record<string, string> = es
    const tEs = translator(spanish, 'es')
    const check = checkEdit(form({ title: '', link: 'nope', lat: '47' }), tEs, now)
    if (check.ok) throw new Error('expected a refusal')
    expect(check.message).toBe(`${spanish['msg.titleRequired']}, ${spanish['msg.linkUrl']} ${spanish['edit.pointBoth']}`)
    expect(check.errors).toMatchObject({ title: spanish['msg.titleRequired'], link: spanish['msg.linkUrl'] })
    const raw = checkEdit(
      form({}, { advancedMode: true, advanced: { ...advanced, tab: 'json', raw: '{"Title":" "}' } }),
      tEs,
      now,
    )
    expect(raw).toEqual({ ok: false, message: spanish['msg.titleRequired'] })
  })

  it('checks a business’s fields and writes them into its special data', () => {
    const business = { ...businessForm(''), web: 'javascript:alert(1)' }
    const draft = { ...newDraft({ aspect: 'local', cityName: 'Duvall' }), title: 'Café' }
    const check = checkEdit({ draft, business, advancedMode: false, advanced }, t, now)
    expect(check.ok).toBe(false)
    expect(check.errors?.business?.web).toBeTruthy()
    const full = fullDraft(draft, { ...businessForm(''), phone: '425-555-0100' })
    expect(JSON.parse(full.specialData)).toMatchObject({ phone: '425-555-0100' })
  })

  it('sends the JSON tab’s text as it is, or says why it cannot, leaving the field errors', () => {
    const json = (raw: string) => form({}, { advancedMode: true, advanced: { ...advanced, tab: 'json', raw } })
    expect(checkEdit(json('{"Title":"Raw"}'), t, now)).toEqual({ ok: true, payload: { Title: 'Raw' } })
    expect(checkEdit(json('{'), t, now)).toEqual({ ok: false, message: 'This is not valid JSON.' })
  })

  it('adds the override tab’s lock, and refuses a custom time that does not parse', () => {
    const lock = (patch: Partial<Advanced>) => form({}, { advancedMode: true, advanced: { ...advanced, ...patch } })
    expect(checkEdit(lock({ lock: '1hour' }), t, now)).toMatchObject({
      ok: true,
      payload: { LockResultUntil: '2026-11-24T13:00:00.000Z' },
    })
    expect(checkEdit(lock({ lock: 'custom', customLock: 'soon' }), t, now)).toMatchObject({
      ok: false,
      message: 'Choose a date and time in the future for the lock.',
    })
    expect(checkEdit(form({}, { advancedMode: false, advanced: { ...advanced, lock: '1hour' } }), t, now)).toMatchObject({
      ok: true,
      payload: { Title: 'School late' },
    })
  })

  it('checks the template tab’s template', () => {
    const check = checkEdit(
      form({ dataTemplate: '[1]' }, { advancedMode: true, advanced: { ...advanced, tab: 'template' } }),
      t,
      now,
    )
    expect(check).toMatchObject({ ok: false, message: 'Invalid template: must be a JSON object' })
  })
})
