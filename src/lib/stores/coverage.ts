// The coverage answer: the whole country's for the coverage page, the page place's state's for an empty live section.
import { atom, onMount } from 'nanostores'
import { getCoverage, type Coverage } from '../api/coverage.ts'
import { placeState } from '../coverage.ts'
import { $pagePoint } from './place.ts'

export type CoverageState = { state: 'loading' } | { state: 'ok'; coverage: Coverage } | { state: 'error' }

/** Every state's coverage (the /coverage page). */
export const $allCoverage = atom<CoverageState>({ state: 'loading' })
/** The page place's state's coverage, with its code; asked only once an empty section shows it. */
export const $placeCoverage = atom<CoverageState & { code?: string }>({ state: 'loading' })

/** Loads every state's coverage (again, after a failure: the page's retry button). */
export async function loadAllCoverage(): Promise<void> {
  $allCoverage.set({ state: 'loading' })
  try {
    $allCoverage.set({ state: 'ok', coverage: await getCoverage(null) })
  } catch {
    $allCoverage.set({ state: 'error' })
  }
}

async function loadPlaceCoverage(code: string): Promise<void> {
  if ($placeCoverage.get().code === code) return
  $placeCoverage.set({ state: 'loading', code })
  try {
    const coverage = await getCoverage(code)
    if ($placeCoverage.get().code === code) $placeCoverage.set({ state: 'ok', coverage, code })
  } catch {
    if ($placeCoverage.get().code === code) $placeCoverage.set({ state: 'error', code })
  }
}

onMount($allCoverage, () => void loadAllCoverage())

// A coordinate page learns its state once its nearest city is found: the point store says when.
onMount($placeCoverage, () =>
  $pagePoint.subscribe((point) => {
    const code = placeState(point)
    if (code) void loadPlaceCoverage(code)
  }),
)
