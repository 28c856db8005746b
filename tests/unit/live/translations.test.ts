import { describe, expect, it } from 'vitest'
import type { Reaction } from '../../../src/lib/api/types.ts'
import { alertMessage } from '../../../src/lib/live/alert-message.ts'
import { localizeItem, localizeReaction, textIn, translationOf, type ItemText } from '../../../src/lib/live/translations.ts'
import { alertItem } from './alert-item.ts'

const special = JSON.stringify({
  translations: { es: { title: 'Evacuación inmediata: Duvall', lines: ['Evacúe ahora', 'Refugio en Cedarcrest'] } },
})
const evacuation = alertItem({
  id: 1,
  title: 'Evacuation Immediate: Duvall',
  data: {
    lines: ['Evacuate now'],
    classes: [],
    location: null,
    status: null,
    dataTemplate: null,
    specialData: special,
    lockResultUntil: null,
  },
})
const plain = alertItem({ id: 2, title: 'Road closed' })
const empty = { messages: [] }
const reaction = (messages = [evacuation, plain]): Reaction => ({
  statuses: { messages },
  roads: empty,
  cameras: empty,
  local: empty,
})

describe('translated feed items', () => {
  it('shows the visitor’s language when the item carries it', () => {
    const spanish = localizeItem(evacuation, 'es')
    expect(spanish).toMatchObject({
      id: 1,
      title: 'Evacuación inmediata: Duvall',
      data: { lines: ['Evacúe ahora', 'Refugio en Cedarcrest'] },
    })
    // A translation without parts shows its lines as they are; the other languages stay for the next reader.
    expect(alertMessage(spanish)).toBeNull()
    expect(translationOf(spanish.data.specialData, 'es')?.title).toBe('Evacuación inmediata: Duvall')
  })

  it('keeps the item as it came for a language it does not carry, and for items without translations', () => {
    expect(localizeItem(evacuation, 'de')).toBe(evacuation)
    expect(localizeItem(plain, 'es')).toBe(plain)
  })

  it('never throws on special data that is not a translation list', () => {
    for (const text of [
      '{"translations"',
      '{"translations": null}',
      '{"translations": {"es": {"title": 5}}}',
      '[1, "translations"]',
    ])
      expect(translationOf(text, 'es')).toBeNull()
    // A business's special data is not touched.
    expect(translationOf('{"opening_hours": "Mo-Fr 09:00-17:00"}', 'es')).toBeNull()
    expect(translationOf(null, 'es')).toBeNull()
  })

  it('localizes the statuses of a whole answer, and returns an answer with nothing to change as it is', () => {
    const answer = reaction()
    expect(localizeReaction(answer, 'es').statuses.messages.map((item) => item.title)).toEqual([
      'Evacuación inmediata: Duvall',
      'Road closed',
    ])
    expect(localizeReaction(answer, 'en')).toBe(answer)
    expect(localizeReaction(answer, 'ja')).toBe(answer)
  })
})

/** An alert as the IPAWS adapter stores it: English lines and parts, and the Spanish info's own (it has a contact). */
const evacuationText: ItemText = {
  title: 'Evacuation Immediate: Duvall',
  lines: ['Evacuate now: levee break', 'Leave by Duvall-Monroe Road.', 'Water is rising fast.', 'Duvall'],
  specialData: JSON.stringify({
    message: { headline: 1, instruction: 1, description: 1, areas: 1, contact: 0, expires: '2026-11-24T05:05:12.000Z' },
    translations: {
      es: {
        title: 'Evacuación inmediata: Duvall',
        lines: ['Evacúe ahora: rotura del dique', 'Salga por Duvall-Monroe Road.', 'El agua sube.', 'Duvall', 'Llame al 211'],
        message: { headline: 1, instruction: 1, description: 1, areas: 1, contact: 1 },
      },
    },
  }),
}

describe('an item’s text in the reader’s language (push, email, feeds and the page)', () => {
  const partsOf = (text: ItemText) =>
    alertMessage(alertItem({ id: 4, data: { ...evacuation.data, lines: text.lines, specialData: text.specialData } }))

  it('gives the translation’s title, every line and its own parts, keeping the message’s expiry', () => {
    const spanish = textIn(evacuationText, 'es')
    expect(spanish.title).toBe('Evacuación inmediata: Duvall')
    expect(spanish.lines).toHaveLength(5)
    expect(partsOf(spanish)).toEqual({
      headline: ['Evacúe ahora: rotura del dique'],
      instruction: ['Salga por Duvall-Monroe Road.'],
      description: ['El agua sube.'],
      areas: ['Duvall'],
      contact: ['Llame al 211'],
      expires: '2026-11-24T05:05:12.000Z',
    })
  })

  it('falls back to the item’s own language, as it came, when the item does not carry the reader’s', () => {
    for (const lang of ['en', 'de', 'zh']) expect(textIn(evacuationText, lang)).toBe(evacuationText)
    expect(partsOf(textIn(evacuationText, 'fr'))?.headline).toEqual(['Evacuate now: levee break'])
  })

  it('keeps the item’s lines and parts when a translation has a title only', () => {
    const titled = {
      ...evacuationText,
      specialData: JSON.stringify({ ...JSON.parse(evacuationText.specialData!), translations: { ja: { title: '避難指示' } } }),
    }
    expect(textIn(titled, 'ja')).toEqual({ ...titled, title: '避難指示' })
  })
})
