import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { onBackOnline } from '../../../src/lib/offline/back-online.ts'

describe('onBackOnline', () => {
  const window = new EventTarget()
  const navigator = { onLine: false }
  beforeEach(() => {
    vi.stubGlobal('window', window)
    vi.stubGlobal('navigator', navigator)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('runs on an online event only when the browser is online, until stopped', () => {
    const run = vi.fn()
    const stop = onBackOnline(run)
    // Chromium's 'online' while still offline (a navigation starting under its offline emulation).
    navigator.onLine = false
    window.dispatchEvent(new Event('online'))
    expect(run).not.toHaveBeenCalled()
    navigator.onLine = true
    window.dispatchEvent(new Event('online'))
    expect(run).toHaveBeenCalledTimes(1)
    stop()
    window.dispatchEvent(new Event('online'))
    expect(run).toHaveBeenCalledTimes(1)
  })
})
