import { useEffect, useState, type RefObject } from 'react'

/** After the page's load event and an idle moment: a map never competes with the first paint. */
function afterFirstPaint(then: () => void): () => void {
  let cancelled = false
  let idle: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(then, { timeout: 2000 })
    else timer = setTimeout(then, 200)
  }
  if (document.readyState === 'complete') run()
  else addEventListener('load', run, { once: true })
  return () => {
    cancelled = true
    removeEventListener('load', run)
    if (idle !== undefined) cancelIdleCallback(idle)
    clearTimeout(timer)
  }
}

/**
 * True once the element has been on screen (an IntersectionObserver with no margin), checked only after
 * the page has loaded and gone idle; stays true. `enabled` false holds the observer off.
 */
export function useInView(ref: RefObject<Element | null>, enabled = true): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (seen || !enabled) return
    let observer: IntersectionObserver | undefined
    const stop = afterFirstPaint(() => {
      const element = ref.current
      if (!element) return
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true)
          observer?.disconnect()
        }
      })
      observer.observe(element)
    })
    return () => {
      stop()
      observer?.disconnect()
    }
  }, [ref, seen, enabled])
  return seen
}
