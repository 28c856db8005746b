import { describe, expect, it } from 'vitest'
import {
  WIDGET_PATH,
  parseWidget,
  placeUrl,
  widgetSections,
  widgetSnippet,
  widgetUrl,
  type WidgetOptions,
} from '../../../src/lib/embed/widget.ts'
import { FRAMING, headersForPath, securityHeaderBlocks } from '../../../src/lib/security-headers.ts'
import type { AlertItem } from '../../../src/lib/items.ts'

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

const item = (id: number, priority: string, title = `item ${id}`): AlertItem =>
  ({ id, priority, title, state: null, link: null }) as AlertItem

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
    const compact = widgetSections(reaction, { size: 'compact', roads: false })
    expect(compact.statuses.map((entry) => entry.id)).toEqual([2, 3, 1])
    expect(compact.roads).toBeNull()
    expect(compact.more).toBe(2)
    const full = widgetSections(reaction, { size: 'full', roads: true })
    expect(full.statuses).toHaveLength(5)
    expect(full.roads?.map((entry) => entry.id)).toEqual([6])
    expect(full.more).toBe(0)
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
