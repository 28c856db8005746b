// How the browser's JavaScript is cut into files (issue 16: bytes before interaction on a city page).
// Gzip works per file, so thirty small shared chunks cost several KB more than the same code in a few.
import { resolve } from 'node:path'

/** The graph as Rolldown's chunking context reports it (only the field used here). */
type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/

/**
 * Named chunks, each a module and all it imports statically (less what an earlier one holds):
 * - core: the layout script of every page, which loads all of it before it runs;
 * - live: the banner and badges' live data (client/live.ts), which every place page loads at idle
 *   and the live lists and the dashboard share;
 * - ui: what most islands share (formatting, units, texts, the store hook); not the card, which
 *   imports the live data's source and would bring it to the settings page.
 */
export const CHUNK_ROOTS: readonly [name: string, root: string][] = [
  ['core', 'src/scripts/layout.ts'],
  ['live', 'src/lib/client/live.ts'],
  ['ui', 'src/lib/format.ts'],
  ['ui', 'src/lib/units.ts'],
  ['ui', 'src/i18n/use-t.ts'],
  ['ui', 'node_modules/@nanostores/react/index.js'],
]

/**
 * Names a module's chunk for Rolldown's `codeSplitting.groups`: `react` for React, ReactDOM and the
 * scheduler (they load together with the first island), the CHUNK_ROOTS, else null to leave the
 * module to Rolldown's own splitting (islands, each loaded only where a page has it).
 * @example codeSplitting: { groups: [{ name: chunkGroup() }] }
 */
export function chunkGroup(roots = CHUNK_ROOTS): (id: string, graph: Graph) => string | null {
  let groups: Map<string, string> | null = null
  return (id, graph) => {
    if (REACT.test(id)) return 'react'
    groups ??= assign(graph, roots)
    return groups.get(id) ?? null
  }
}

/** Each module's chunk name: the first root whose static closure holds it (React stays out). */
function assign(graph: Graph, roots: readonly [string, string][]): Map<string, string> {
  const groups = new Map<string, string>()
  for (const [name, root] of roots)
    for (const id of staticClosure(graph, resolve(root))) if (!groups.has(id) && !REACT.test(id)) groups.set(id, name)
  return groups
}

/** A module and every module it imports statically, transitively. */
export function staticClosure(graph: Graph, root: string): Set<string> {
  const seen = new Set<string>()
  const queue = [root]
  while (queue.length) {
    const id = queue.pop()!
    if (seen.has(id)) continue
    const info = graph.getModuleInfo(id)
    if (!info) continue
    seen.add(id)
    queue.push(...info.importedIds)
  }
  return seen
}
