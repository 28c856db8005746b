import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import en from '../../../src/i18n/en.json' with { type: 'json' }
import es from '../../../src/i18n/es.json' with { type: 'json' }
import { translator } from '../../../src/i18n/translate.ts'
import { AlertText } from '../../../src/islands/live/AlertText.tsx'
import { alertMessage, foldsDescription } from '../../../src/lib/live/alert-message.ts'
import { localizeItem } from '../../../src/lib/live/translations.ts'
import type { AlertItem } from '../../../src/lib/items.ts'
import { alertItem } from './alert-item.ts'

const NOW = Date.parse('2024-05-25T22:37:00Z')
const parts = { headline: 1, instruction: 1, description: 3, areas: 1, contact: 1 }
const warning = (lines: string[], special: unknown = { message: parts }): AlertItem => {
  const base = alertItem({ id: 1 })
  return alertItem({ id: 1, data: { ...base.data, lines, specialData: JSON.stringify(special) } })
}
const LINES = ['Headline', 'Move inside now.', 'At 626 PM…', 'HAZARD…', 'SOURCE…', 'Wake, NC', 'Call 911']
const render = (item: AlertItem, texts: Record<string, string> = en, locale = 'en') =>
  renderToStaticMarkup(
    createElement(AlertText, { item, now: NOW, locale, timeZone: 'America/New_York', t: translator(texts, locale) }),
  )

describe('an alert’s message in parts', () => {
  it('cuts its lines into headline, what to do, description, areas and contact', () => {
    expect(alertMessage(warning(LINES))).toEqual({
      headline: ['Headline'],
      instruction: ['Move inside now.'],
      description: ['At 626 PM…', 'HAZARD…', 'SOURCE…'],
      areas: ['Wake, NC'],
      contact: ['Call 911'],
      expires: null,
    })
  })

  it('is null when the parts do not add up to the lines, or the data is not JSON', () => {
    expect(alertMessage(warning(LINES.slice(1)))).toBeNull()
    expect(alertMessage(warning(LINES, { message: { ...parts, headline: -1 } }))).toBeNull()
    expect(alertMessage(alertItem({ id: 2 }))).toBeNull()
    const broken = alertItem({ id: 3, data: { ...alertItem({ id: 3 }).data, specialData: '{"message":' } })
    expect(alertMessage(broken)).toBeNull()
  })

  it('folds a description of more than two paragraphs or 280 characters', () => {
    expect(foldsDescription(['one', 'two'])).toBe(false)
    expect(foldsDescription(['one', 'two', 'three'])).toBe(true)
    expect(foldsDescription(['x'.repeat(281)])).toBe(true)
  })
})

describe('AlertText', () => {
  it('shows what to do in full before the folded description, and the contact', () => {
    const html = render(warning(LINES))
    expect(html).toContain('<strong>What to do</strong>')
    expect(html.indexOf('Move inside now.')).toBeLessThan(html.indexOf('<details'))
    expect(html).toMatch(
      /<details class="live-full"><summary>Show full message<\/summary>.*HAZARD….*Areas: Wake, NC.*<\/details>/,
    )
    expect(html).toContain('Contact: Call 911')
  })

  it('shows a short description unfolded, and the message’s expiry when the event outlasts it', () => {
    const item = warning(['Headline', 'Swim near a lifeguard.', 'Rip currents.', 'Coastal Pender'], {
      message: { headline: 1, instruction: 1, description: 1, areas: 1, contact: 0, expires: '2024-05-26T08:00:00.000Z' },
    })
    const html = render(item)
    expect(html).not.toContain('<details')
    expect(html).toContain('Rip currents.')
    expect(html).toContain('Message expires Sun 4 AM')
  })

  it('shows a staff item’s lines as they are', () => {
    const base = alertItem({ id: 4 })
    const html = render(alertItem({ id: 4, data: { ...base.data, lines: ['Buses on snow routes'] } }))
    expect(html).toBe('<p class="live-summary">Buses on snow routes</p>')
  })

  it('labels a translated message in the visitor’s language with the translation’s own parts', () => {
    const special = {
      message: { headline: 1, instruction: 1, description: 0, areas: 0, contact: 0 },
      translations: {
        es: {
          title: 'Evacuación',
          lines: ['Evacúe ahora', 'Salga por la carretera 203', 'Duvall'],
          message: { headline: 1, instruction: 1, description: 0, areas: 1, contact: 0 },
        },
      },
    }
    const item = localizeItem(warning(['Evacuate now', 'Leave by SR 203'], special), 'es')
    expect(alertMessage(item)?.areas).toEqual(['Duvall'])
    const html = render(item, es, 'es')
    expect(html).toContain('<strong>Qué hacer</strong>')
    expect(html).toContain('Zonas: Duvall')
  })
})
