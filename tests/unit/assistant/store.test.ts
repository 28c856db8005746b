// The conversation store against mocked sources and a mocked API: built-in answers, the model when
// configured, fallback on failure, and nothing written to storage.
import { getTestStorage } from '@nanostores/persistent'
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Api } from '../../../src/lib/api/porchlight.ts'
import type { Reaction } from '../../../src/lib/items.ts'
import { alertItem } from '../live/alert-item.ts'

const fixture = (name: string): unknown => JSON.parse(readFileSync(`tests/fixtures/weather/${name}.json`, 'utf8'))
vi.mock('../../../src/lib/api/client.ts', () => ({
  fetchJson: (url: string) =>
    Promise.resolve(
      fixture(url.includes('air-quality') ? 'air-duvall' : url.includes('alerts') ? 'alerts-duvall' : 'forecast-duvall'),
    ),
}))
const reaction: Reaction = {
  statuses: {
    messages: [alertItem({ id: 1, title: 'Cedarcrest High School: late start', state: 'pending', dataCategory: 'school' })],
  },
  roads: { messages: [] },
  cameras: { messages: [] },
  local: { messages: [] },
}
// The reaction call (the browser's fetch in src/lib/api/reaction.ts) answers the fixture.
vi.mock('../../../src/lib/api/reaction.ts', async () => ({
  ...(await vi.importActual<typeof import('../../../src/lib/api/reaction.ts')>('../../../src/lib/api/reaction.ts')),
  getReaction: () => Promise.resolve(reaction),
}))
// The real API client (ky) for the assistant call, over the fetch each test stubs.
vi.mock('../../../src/lib/stores/api.ts', async () => {
  const { createApi } = await vi.importActual<typeof import('../../../src/lib/api/porchlight.ts')>(
    '../../../src/lib/api/porchlight.ts',
  )
  const client = createApi(() => null, { base: 'http://api.test', fetch: (input, init) => fetch(input, init) })
  const api: Pick<Api, 'assistant' | 'assistantStatus'> = { assistant: client.assistant, assistantStatus: client.assistantStatus }
  return { api }
})

type Modules = typeof import('../../../src/lib/stores/assistant.ts') & typeof import('../../../src/lib/stores/place.ts')
let m: Modules
const model = vi.fn<(body: Record<string, unknown>) => Response>()
/** GET /api/assistant: whether the server has a model (the answer a server without one really gives). */
const status = vi.fn<() => Response>()

beforeEach(async () => {
  vi.resetModules()
  m = { ...(await import('../../../src/lib/stores/assistant.ts')), ...(await import('../../../src/lib/stores/place.ts')) }
  vi.stubGlobal('window', new EventTarget())
  model.mockReset()
  status.mockReset().mockImplementation(() => json(200, { configured: true }))
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url
    if (!url.endsWith('/api/assistant')) throw new TypeError(`unexpected ${url}`)
    const method = typeof input === 'string' ? (init?.method ?? 'GET') : input.method
    if (method === 'GET') return status()
    const body = typeof input === 'string' ? (typeof init?.body === 'string' ? init.body : '') : await input.text()
    return model(JSON.parse(body) as Record<string, unknown>)
  })
  m.setPagePoint({ lat: 47.74, lon: -121.99, timeZone: 'America/Los_Angeles', name: 'Duvall, WA', route: 'wa/duvall' })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const last = () => m.$conversation.get().at(-1)

describe('assistant store', () => {
  // First in the file: the mocked client's ApiError is the store's own only before the first resetModules.
  it('stops asking a server that still answers 404 to a question', async () => {
    model.mockReturnValue(json(404, { error: 'Assistant not configured' }))
    await m.ask('Is it windy?', 'en')
    await m.ask('Is it windy?', 'en')
    expect(last()).toMatchObject({ via: 'builtin' })
    expect(model).toHaveBeenCalledTimes(1)
  })

  it('answers built in when the API has no model, and never sends it a question (no 404 per question)', async () => {
    status.mockImplementation(() => json(200, { configured: false }))
    model.mockReturnValue(json(404, { error: 'Assistant not configured' }))
    await m.ask('  Is it windy?  ', 'en')
    expect(last()).toMatchObject({
      question: 'Is it windy?',
      state: 'done',
      via: 'builtin',
      cite: 'From the forecast updated now.',
    })
    const first = last()
    expect(first?.state === 'done' && first.text).toMatch(/^Wind in Duvall, WA right now: 4 mph from the south/)
    await m.ask('Any school statuses?', 'en')
    expect(last()).toMatchObject({
      via: 'builtin',
      text: 'Local statuses for Duvall, WA: Cedarcrest High School: late start (Pending).',
    })
    expect(model).not.toHaveBeenCalled()
    expect(status).toHaveBeenCalledTimes(1)
  })

  it('uses the model when configured, sending only the question, language and summary', async () => {
    model.mockReturnValue(json(200, { answer: '  Windy, 4 mph.  ' }))
    await m.ask('Is it windy?', 'de')
    expect(last()).toMatchObject({
      state: 'done',
      via: 'model',
      text: 'Windy, 4 mph.',
      cite: 'Von einem Sprachmodell aus den Daten dieser Seite verfasst.',
    })
    const body = model.mock.calls[0]?.[0] ?? {}
    expect(Object.keys(body).sort()).toEqual(['language', 'question', 'summary'])
    expect(body).toMatchObject({ question: 'Is it windy?', language: 'de' })
    expect(String(body['summary'])).toContain('Place: Duvall, WA')
  })

  it('falls back to the built-in answer when the model fails, and tries it again next time', async () => {
    model
      .mockReturnValueOnce(json(502, { error: 'Assistant unavailable' }))
      .mockReturnValueOnce(json(200, { answer: 'From the model.' }))
    await m.ask('Is it windy?', 'en')
    expect(last()).toMatchObject({ via: 'builtin' })
    await m.ask('Is it windy?', 'en')
    expect(last()).toMatchObject({ via: 'model', text: 'From the model.' })
  })

  it('says it needs a place, without calling anything', async () => {
    m.setPagePoint(null)
    await m.ask('Will it rain?', 'en')
    expect(last()).toMatchObject({
      text: 'I need a place to answer. Open a city page or search for a city, then ask again.',
      cite: null,
    })
    expect(model).not.toHaveBeenCalled()
    expect(status).not.toHaveBeenCalled()
  })

  it('keeps the conversation in memory only and cuts long questions', async () => {
    model.mockReturnValue(json(404, {}))
    await m.ask('x'.repeat(500), 'en')
    expect(last()?.question).toHaveLength(300)
    await m.ask('   ', 'en')
    expect(m.$conversation.get()).toHaveLength(1)
    expect(Object.keys(getTestStorage()).filter((key) => /assistant|conversation/i.test(key))).toEqual([])
  })

  it('opens, closes and toggles', () => {
    m.openAssistant()
    expect(m.$assistantOpen.get()).toBe(true)
    m.toggleAssistant()
    expect(m.$assistantOpen.get()).toBe(false)
    m.toggleAssistant()
    m.closeAssistant()
    expect(m.$assistantOpen.get()).toBe(false)
  })
})
