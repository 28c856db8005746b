// A stylesheet added when the code that needs it runs, not in every page's head.

const added = new Map<string, Promise<void>>()

/**
 * Adds `<link rel="stylesheet" href>` once and resolves when it has loaded, or failed (what it styles
 * still works, unstyled). Several callers share one link.
 * @example await loadStylesheet(leafletCss) // then draw the map
 */
export function loadStylesheet(href: string): Promise<void> {
  let loading = added.get(href)
  if (!loading) {
    loading = new Promise((resolve) => {
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = href
      link.addEventListener('load', () => resolve())
      link.addEventListener('error', () => resolve())
      document.head.append(link)
    })
    added.set(href, loading)
  }
  return loading
}
