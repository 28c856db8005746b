import { useEffect, useState, type RefObject } from 'react'

/** Once the page's load event has fired: a map never competes with the first paint. */
function afterLoad(then: () => void): () => void {
  if (document.readyState === 'complete') {
    then()
    return () => {}
  }
  addEventListener('load', then, { once: true })
  return () => removeEventListener('load', then)
}

/**
 * True once the element has been on screen (an IntersectionObserver with no margin), checked only after
 * the page's load event; stays true. `enabled` false holds the observer off.
 */
export function useInView(ref: RefObject<Element | null>, enabled = true): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (seen || !enabled) return
    let observer: IntersectionObserver | undefined
    const stop = afterLoad(() => {
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
