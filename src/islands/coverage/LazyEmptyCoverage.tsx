import { lazy, Suspense, type ComponentProps } from 'react'

// Loaded only when a section is empty: the sources list waits for its own /api/coverage answer anyway (it draws
// nothing until then), so its code waiting too moves nothing, and pages with something to show never load it.
const Loaded = lazy(() => import('./EmptyCoverage.tsx').then((module) => ({ default: module.EmptyCoverage })))

/** EmptyCoverage, with its code and the coverage store loaded on first use. */
export function EmptyCoverage(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  )
}
