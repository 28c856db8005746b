import { cleanTestStorage, setTestStorageKey } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import es from '../../../src/i18n/es.json'

const TOKEN = JSON.stringify('aaa.bbb.ccc')
// A fresh store module for each test: the parts it holds are module state.
async function fresh() {
  vi.resetModules()
  return await import('../../../src/lib/stores/dictionary.ts')
}
const has = (texts: Record<string, string> | null, prefix: string) =>
  Object.keys(texts ?? {}).some((key) => key.startsWith(prefix))

describe('$dictionary', () => {
  beforeEach(() => vi.stubGlobal('document', { documentElement: { lang: 'es' } }))
  afterEach(() => {
    cleanTestStorage()
    vi.unstubAllGlobals()
  })

  it('holds what visitors see in the page language', async () => {
    const { $dictionary } = await fresh()
    const stop = $dictionary.listen(() => undefined)
    await vi.waitFor(() => expect($dictionary.get()?.['nav.weather']).toBe(es['nav.weather']))
    expect(has($dictionary.get(), 'editor.')).toBe(false)
    expect(has($dictionary.get(), 'assistant.')).toBe(false)
    stop()
  })

  it('adds a part when asked, before or after it loads', async () => {
    const { $dictionary, includeTexts } = await fresh()
    includeTexts('assistant')
    const stop = $dictionary.listen(() => undefined)
    await vi.waitFor(() => expect(has($dictionary.get(), 'assistant.')).toBe(true))
    includeTexts('staff')
    await vi.waitFor(() => expect(has($dictionary.get(), 'editor.')).toBe(true))
    expect($dictionary.get()?.['nav.weather']).toBe(es['nav.weather'])
    stop()
  })

  it('adds the staff texts for a signed-in session', async () => {
    setTestStorageKey('porchlight:token', TOKEN)
    const { $dictionary } = await fresh()
    const stop = $dictionary.listen(() => undefined)
    await vi.waitFor(() => expect(has($dictionary.get(), 'users.')).toBe(true))
    stop()
  })
})
