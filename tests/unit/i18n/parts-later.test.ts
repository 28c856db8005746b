// The texts no page shows before a click leave the visitor part (src/i18n/parts.ts, LATER_PREFIXES).
import { describe, expect, it } from 'vitest'
import en from '../../../src/i18n/en.json'
import { NOTIFY_SETTINGS_KEYS, dictionaryPart, pickPart } from '../../../src/i18n/parts.ts'

describe('the later part', () => {
  it('holds the notification dialog’s, the emails’ and the widget’s texts, but Settings’ notification list stays', () => {
    expect(dictionaryPart('notify.dialogTitle')).toBe('later')
    expect(dictionaryPart('notifyEmail.confirmSubject')).toBe('later')
    expect(dictionaryPart('embed.title')).toBe('later')
    for (const key of NOTIFY_SETTINGS_KEYS) expect(dictionaryPart(key), key).toBe('visitor')
    const visitor = pickPart(en, 'visitor')
    expect(Object.keys(visitor).some((key) => key.startsWith('notifyEmail.'))).toBe(false)
    // Every Settings key is a real text.
    for (const key of NOTIFY_SETTINGS_KEYS) expect(visitor[key], key).toBeTruthy()
  })
})
