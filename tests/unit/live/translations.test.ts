import { describe, expect, it } from 'vitest'
import type { Reaction } from '../../../src/lib/api/types.ts'
import { localizeItem, localizeReaction, translationOf } from '../../../src/lib/live/translations.ts'
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
    expect(localizeItem(evacuation, 'es')).toMatchObject({
      id: 1,
      title: 'Evacuación inmediata: Duvall',
      data: { lines: ['Evacúe ahora', 'Refugio en Cedarcrest'], specialData: special },
    })
  })

  it('keeps the item as it came for a language it does not carry, and for items without translations', () => {
    expect(localizeItem(evacuation, 'de')).toBe(evacuation)
    expect(localizeItem(plain, 'es')).toBe(plain)
  })

  it('never throws on special data that is not a translation list', () => {
    const odd = (specialData: string) => alertItem({ id: 3, data: { ...evacuation.data, specialData } })
    for (const text of [
      '{"translations"',
      '{"translations": null}',
      '{"translations": {"es": {"title": 5}}}',
      '[1, "translations"]',
    ])
      expect(translationOf(odd(text), 'es')).toBeNull()
    // A business's special data is not touched.
    expect(translationOf(odd('{"opening_hours": "Mo-Fr 09:00-17:00"}'), 'es')).toBeNull()
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
