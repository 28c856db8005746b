import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GoogleCredential, GoogleId } from '../../src/lib/google.ts'

type FakeScript = { src: string; async: boolean; onload: () => void; onerror: () => void }

const load = () => import('../../src/lib/google.ts')

/** A document whose head records the scripts added to it (unit tests run in Node). */
function fakeDocument(): FakeScript[] {
  const scripts: FakeScript[] = []
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: { append: (script: FakeScript) => scripts.push(script) },
  })
  return scripts
}

/** What Google's script defines once it has run. */
function fakeGoogle() {
  const id = { initialize: vi.fn<GoogleId['initialize']>(), renderButton: vi.fn<GoogleId['renderButton']>() }
  vi.stubGlobal('google', { accounts: { id } })
  return id
}

describe('google', () => {
  let scripts: FakeScript[]
  beforeEach(() => {
    vi.resetModules()
    scripts = fakeDocument()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.unstubAllGlobals()
  })

  it('offers nothing and loads nothing without a client id', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', '')
    const { googleClientId, loadGoogle, renderGoogleButton } = await load()
    expect(googleClientId).toBeNull()
    expect(loadGoogle()).toBeNull()
    expect(renderGoogleButton({} as HTMLElement, { locale: 'en', dark: false }, () => undefined)).toBeNull()
    expect(scripts).toEqual([])
  })

  it('adds Google’s script once and initializes once', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', 'client-1')
    const { loadGoogle } = await load()
    const first = loadGoogle()
    const second = loadGoogle()
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toMatchObject({ src: 'https://accounts.google.com/gsi/client', async: true })
    const id = fakeGoogle()
    scripts[0]?.onload()
    await expect(first).resolves.toBe(id)
    await expect(second).resolves.toBe(id)
    await loadGoogle()
    expect(scripts).toHaveLength(1)
    expect(id.initialize).toHaveBeenCalledOnce()
    expect(id.initialize.mock.calls[0]?.[0]).toMatchObject({ client_id: 'client-1', ux_mode: 'popup' })
  })

  it('takes the script from PUBLIC_GOOGLE_GSI_URL', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', 'client-1')
    vi.stubEnv('PUBLIC_GOOGLE_GSI_URL', 'http://localhost:8789/gsi/client')
    void (await load()).loadGoogle()
    expect(scripts[0]?.src).toBe('http://localhost:8789/gsi/client')
  })

  it('rejects when the script fails, then tries again', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', 'client-1')
    const { loadGoogle } = await load()
    const failed = loadGoogle()
    scripts[0]?.onerror()
    await expect(failed).rejects.toThrow('Google authentication failed')
    const empty = loadGoogle()
    scripts[1]?.onload()
    await expect(empty).rejects.toThrow('Google authentication failed')
    const id = fakeGoogle()
    const retried = loadGoogle()
    scripts[2]?.onload()
    await expect(retried).resolves.toBe(id)
  })

  it('draws the button in the page language and hands the credential to the last one drawn', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', 'client-1')
    const id = fakeGoogle()
    const { renderGoogleButton } = await load()
    const parent = {} as HTMLElement
    const first = vi.fn<(credential: string) => void>()
    const last = vi.fn<(credential: string) => void>()
    await renderGoogleButton(parent, { locale: 'de', dark: false }, first)
    await renderGoogleButton(parent, { locale: 'ja', dark: true }, last)
    expect(scripts).toEqual([])
    expect(id.renderButton.mock.calls.map(([, options]) => [options.locale, options.theme])).toEqual([
      ['de', 'outline'],
      ['ja', 'filled_black'],
    ])
    const callback = id.initialize.mock.calls[0]?.[0].callback
    callback?.({ credential: 'jwt' } satisfies GoogleCredential)
    expect(first).not.toHaveBeenCalled()
    expect(last).toHaveBeenCalledWith('jwt')
  })
})
