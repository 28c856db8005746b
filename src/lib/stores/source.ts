import { atom, onMount, type ReadableAtom } from 'nanostores'
import { onBackOnline } from '../offline/back-online.ts'
import { isStale, withRetry, type SourceState } from '../retry.ts'
import { $pagePoint, type PagePoint } from './place.ts'

export const MINUTE = 60_000

export type Source<T> = { $state: ReadableAtom<SourceState<T>>; retry: () => void }

export type SourceOptions = {
  /** Retries after a failure, with the SPEC's backoff (default 3). */
  retries?: number
  /** Refetch on a timer while anything listens (default: only on focus when stale). */
  everyMs?: number
  /** What makes two requests the same besides the point (such as the test layer). */
  extraKey?: () => string
  /** Stores whose change means a new request (read by `extraKey` or `load`). */
  watch?: ReadableAtom<unknown>[]
}

/**
 * One provider's data for the page's point, fetched once and shared by every island that reads
 * it; kept in memory for `freshMs`, refreshed on window focus when stale, retried with backoff,
 * and on a failed refresh the last good data stays with its age (`failed: true`).
 */
export function createSource<T>(freshMs: number, load: (point: PagePoint) => Promise<T>, options: SourceOptions = {}): Source<T> {
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
      const data = await withRetry(() => load(point), options.retries)
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

  /** 'force': always; 'stale': when the data is older than freshMs; 'key': only for a new point or key. */
  function refresh(when: 'force' | 'stale' | 'key'): void {
    const point = $pagePoint.get()
    if (!point || running) return
    const forKey = `${point.lat},${point.lon},${point.route ?? ''},${options.extraKey?.() ?? ''}`
    const state = $state.get()
    const same = key === forKey && state.state !== 'idle'
    if (when === 'key' && same) return
    if (when === 'stale' && same && !isStale(fetchedAt, freshMs, Date.now())) return
    running = true
    void run(point, forKey).finally(() => (running = false))
  }

  onMount($state, () => {
    refresh('stale')
    const stops = [$pagePoint, ...(options.watch ?? [])].map((store) => store.listen(() => refresh('key')))
    const onFocus = (): void => refresh('stale')
    window.addEventListener('focus', onFocus)
    // Back online, the data (perhaps a kept answer of the service worker, docs/offline.md) refreshes by itself.
    const stopOnline = onBackOnline(() => refresh('force'))
    const timer = options.everyMs ? setInterval(() => refresh('force'), options.everyMs) : undefined
    return () => {
      stops.forEach((stop) => stop())
      window.removeEventListener('focus', onFocus)
      stopOnline()
      clearInterval(timer)
    }
  })
  return { $state, retry: () => refresh('force') }
}
