import { describe, expect, it } from 'vitest'
import { authEvent, type TelemetryEvent } from '../../../src/lib/telemetry/events.ts'
import { PROVIDER_KEY, QUEUE_KEY, QUEUE_MAX, decodeQueue, enqueue, sessionQueue } from '../../../src/lib/telemetry/queue.ts'

describe('queue', () => {
  it.each([null, '', 'not json', '{}', '"text"', '[1, null, "x", {"kind":"other"}]'])('reads %j as empty', (text) => {
    expect(decodeQueue(text)).toEqual([])
  })
  it('keeps known events from stored text', () => {
    const event = authEvent('SignedIn', 'email')
    expect(decodeQueue(JSON.stringify([event, { kind: 'nope' }]))).toEqual([event])
  })
  it('drops the oldest beyond the cap', () => {
    let queue: TelemetryEvent[] = []
    for (let i = 0; i < QUEUE_MAX + 5; i++) queue = enqueue(queue, authEvent('SignedIn', String(i)))
    expect(queue).toHaveLength(QUEUE_MAX)
    expect(queue[0]?.kind === 'event' && queue[0].properties['provider']).toBe('5')
  })
})

describe('sessionQueue', () => {
  const storage = () => {
    const data = new Map<string, string>()
    return {
      data,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    }
  }
  it('keeps events in session storage until taken, across pages of the tab', () => {
    const tab = storage()
    sessionQueue(tab).add(authEvent('SignedIn', 'email'))
    const nextPage = sessionQueue(tab)
    nextPage.add(authEvent('SignedOut', 'email'))
    expect(nextPage.take().map((event) => event.kind === 'event' && event.name)).toEqual(['SignedIn', 'SignedOut'])
    expect(tab.data.has(QUEUE_KEY)).toBe(false)
    expect(nextPage.take()).toEqual([])
  })
  it('keeps events in memory without storage, and survives storage that throws', () => {
    const memory = sessionQueue(null)
    memory.add(authEvent('SignedIn', 'email'))
    expect(memory.take()).toHaveLength(1)
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => undefined,
    }
    expect(() => sessionQueue(broken).add(authEvent('SignedIn', 'email'))).not.toThrow()
    expect(sessionQueue(broken).provider()).toBeNull()
  })
  it('remembers the sign-in provider', () => {
    const tab = storage()
    sessionQueue(tab).keepProvider('github')
    expect(sessionQueue(tab).provider()).toBe('github')
    sessionQueue(tab).keepProvider(null)
    expect(tab.data.has(PROVIDER_KEY)).toBe(false)
  })
})
