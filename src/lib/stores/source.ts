import { atom, onMount, type ReadableAtom } from 'nanostores'
import { isStale, withRetry, type SourceState } from '../query.ts'
import { $pagePoint, type PagePoint } from './place.ts'

export const MINUTE = 60_000

export type Source<T> = { $state: ReadableAtom<SourceState<T>>; retry: () => void }

/**
 * One provider's data for the page's point, fetched once and shared by every island that reads
 * it; kept in memory for `freshMs`, refreshed on window focus when stale, retried with backoff,
 * and on a failed refresh the last good data stays with its age (`failed: true`).
 */
export function createSource<T>(freshMs: number, load: (point: PagePoint) => Promise<T>): Source<T> {
  const $state = atom<SourceState<T>>({ state: 'idle' })
  let key = ''
  let fetchedAt = 0
  let running = false

  async function run(point: PagePoint, forKey: string): Promise<void> {
    const current = $state.get()
    if (current.state === 'ok' && key === forKey) $state.set({ ...current, refreshing: true })
    else $state.set({ state: 'loading' })
    key = forKey
    try {
      const data = await withRetry(() => load(point))
      if (key !== forKey) return
      fetchedAt = Date.now()
      $state.set({ state: 'ok', data, fetchedAt, refreshing: false, failed: false })
    } catch (error) {
      if (key !== forKey) return
      const previous = $state.get()
      if (previous.state === 'ok') $state.set({ ...previous, refreshing: false, failed: true })
      else $state.set({ state: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  }

  function refresh(force: boolean): void {
    const point = $pagePoint.get()
    if (!point || running) return
    const forKey = `${point.lat},${point.lon}`
    const state = $state.get()
    if (!force && key === forKey && state.state !== 'idle' && !isStale(fetchedAt, freshMs, Date.now())) return
    running = true
    void run(point, forKey).finally(() => (running = false))
  }

  onMount($state, () => {
    const stop = $pagePoint.subscribe(() => refresh(false))
    const onFocus = (): void => refresh(false)
    window.addEventListener('focus', onFocus)
    return () => {
      stop()
      window.removeEventListener('focus', onFocus)
    }
  })
  return { $state, retry: () => refresh(true) }
}

/** A clock for "updated N minutes ago" texts, ticking while anything shows one. */
export const $now = atom(Date.now())
onMount($now, () => {
  const timer = setInterval(() => $now.set(Date.now()), 30_000)
  return () => clearInterval(timer)
})
