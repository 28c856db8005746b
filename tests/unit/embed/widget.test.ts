import { describe, expect, it } from 'vitest'
import {
  WIDGET_PATH,
  parseWidget,
  placeUrl,
  priorityWord,
  widgetSections,
  widgetSnippet,
  widgetUrl,
  type WidgetOptions,
} from '../../../src/lib/embed/widget.ts'
import { FRAMING, headersForPath, securityHeaderBlocks } from '../../../src/lib/security-headers.ts'
import type { AlertItem } from '../../../src/lib/items.ts'
import { stateLabel } from '../../../src/lib/live/state-word.ts'

const duvall: WidgetOptions = {
  place: 'wa/duvall',
  lat: 47.74,
  lon: -121.99,
  name: 'Duvall, WA',
  lang: 'es',
  theme: 'dark',
  size: 'full',
  roads: true,
}

const item = (id: number, priority: string, title = `item ${id}`, specialData: string | null = null): AlertItem =>
  ({ id, priority, title, state: null, link: null, data: { lines: [], specialData } }) as unknown as AlertItem

describe('widget options', () => {
  it('round-trip through the address', () => {
    const url = widgetUrl('https://porchlight.example/', duvall)
    expect(url.startsWith(`https://porchlight.example${WIDGET_PATH}?`)).toBe(true)
    expect(parseWidget(new URL(url).search)).toEqual(duvall)
  })

  it('take the heading from the place, never from the address: an old snippet’s name= is ignored', () => {
    const forged = parseWidget('?place=wa/duvall&lat=47.74&lon=-121.99&name=EVACUATE%20NOW%3A%20call%20555-0100')
    expect(forged?.name).toBe('Duvall, WA')
    expect(parseWidget('?place=WA/sedro-woolley&lat=48.5&lon=-122.2&name=Duvall,+WA')?.name).toBe('Sedro Woolley, WA')
    expect(widgetUrl('https://porchlight.example', duvall)).not.toMatch(/[?&]name=/)
    expect(widgetSnippet('https://porchlight.example', duvall, 'Duvall, WA · Statuses')).not.toContain('name=')
  })

  it('take their defaults, and refuse a malformed place or point', () => {
    expect(parseWidget('?place=wa/duvall&lat=47.74&lon=-121.99')).toEqual({
      place: 'wa/duvall',
      lat: 47.74,
      lon: -121.99,
      name: 'Duvall, WA',
      lang: 'en',
      theme: 'light',
      size: 'compact',
      roads: false,
    })
    expect(parseWidget('?place=wa/duvall&lat=47.74&lon=-121.99&lang=xx&theme=neon&size=huge')).toMatchObject({
      lang: 'en',
      theme: 'light',
      size: 'compact',
    })
    expect(parseWidget('?place=../../x&lat=47.74&lon=-121.99')).toBeNull()
    expect(parseWidget('?place=wa/duvall&lat=147&lon=-121.99')).toBeNull()
    expect(parseWidget('?place=wa/duvall&lat=47.74')).toBeNull()
  })

  it('make one line of HTML, escaped, and a link back in the language', () => {
    const snippet = widgetSnippet('https://porchlight.example', { ...duvall, name: 'A "B" <C>' }, 'Statuses & more')
    expect(snippet).not.toContain('\n')
    expect(snippet).toMatch(/^<iframe src="https:\/\/porchlight\.example\/embed\/statuses\?[^"<>]+" title="Statuses &amp; more"/)
    expect(snippet).not.toContain('<C>')
    expect(snippet).toContain('height="420"')
    expect(placeUrl('https://porchlight.example', duvall)).toBe('https://porchlight.example/es/wa/duvall/statuses')
    expect(placeUrl('https://porchlight.example', { ...duvall, lang: 'en' })).toBe(
      'https://porchlight.example/wa/duvall/statuses',
    )
  })
})

describe('widget sections', () => {
  const reaction = {
    statuses: { messages: [item(1, 'Info'), item(2, 'Critical'), item(3, 'Warning'), item(4, 'Info'), item(5, 'Info')] },
    roads: { messages: [item(6, 'Info')] },
  }

  it('lists the most severe first, as many as the size shows, roads only when asked', () => {
    const compact = widgetSections(reaction, { size: 'compact', roads: false, lang: 'en' })
    expect(compact.statuses.map((entry) => entry.id)).toEqual([2, 3, 1])
    expect(compact.roads).toBeNull()
    expect(compact.more).toBe(2)
    const full = widgetSections(reaction, { size: 'full', roads: true, lang: 'en' })
    expect(full.statuses).toHaveLength(5)
    expect(full.roads?.map((entry) => entry.id)).toEqual([6])
    expect(full.more).toBe(0)
  })

  it('count what each section leaves out, for its own "+2 more" row', () => {
    const compact = widgetSections(reaction, { size: 'compact', roads: true, lang: 'en' })
    expect([compact.statusesMore, compact.roadsMore, compact.more]).toEqual([2, 0, 2])
  })

  it('give every coloured row its priority word: colour is never the only sign', () => {
    const rows = widgetSections(
      {
        statuses: { messages: [item(1, 'Urgent'), item(2, 'Warning'), item(3, 'Info'), item(4, 'Normal')] },
        roads: { messages: [] },
      },
      { size: 'full', roads: false, lang: 'en' },
    ).statuses
    expect(rows.map((row) => [row.severity, row.priority])).toEqual([
      ['critical', 'urgent'],
      ['warning', 'warning'],
      ['info', 'info'],
      ['info', null],
    ])
    expect(priorityWord('Info', 'critical')).toBe('critical')
  })

  it('title an alert in the widget’s language when it carries it, else as it came', () => {
    const special = JSON.stringify({ translations: { es: { title: 'Evacuación inmediata: Duvall', lines: ['Evacúe'] } } })
    const reaction = {
      statuses: { messages: [item(1, 'Critical', 'Evacuation Immediate: Duvall', special)] },
      roads: { messages: [] },
    }
    const title = (lang: 'es' | 'fr') => widgetSections(reaction, { size: 'full', roads: false, lang }).statuses[0]!.title
    expect(title('es')).toBe('Evacuación inmediata: Duvall')
    expect(title('fr')).toBe('Evacuation Immediate: Duvall')
  })
})

describe('state words', () => {
  const t = (key: string) => ({ 'status.active': 'Activo', 'status.closed': 'Cerrado' })[key] ?? key
  it('are the dictionary’s for the SPEC’s statuses, staff’s own words as written', () => {
    expect(stateLabel('active', t)).toBe('Activo')
    expect(stateLabel(' Closed ', t)).toBe('Cerrado')
    expect(stateLabel('Detour via SR 203', t)).toBe('Detour via SR 203')
  })
})

describe('framing', () => {
  const policy = { api: 'http://localhost:8787', telemetry: null, gsi: null, connect: [], scriptHashes: [] }
  it('lets any site frame the widget and nothing else', () => {
    expect(FRAMING).toEqual([{ path: '/embed/*', frameAncestors: '*' }])
    const blocks = securityHeaderBlocks(policy)
    const widget = headersForPath(blocks, WIDGET_PATH)
    expect(widget['Content-Security-Policy']).toContain('frame-ancestors *')
    expect(widget['X-Frame-Options']).toBeUndefined()
    for (const path of ['/wa/duvall', '/wa/duvall/statuses', '/editor', '/settings', '/widget', '/offline'])
      expect(headersForPath(blocks, path)['X-Frame-Options'], path).toBe('DENY')
  })
})
