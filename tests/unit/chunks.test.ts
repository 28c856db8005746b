import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkGroup, staticClosure } from '../../src/integrations/chunks.ts'

/** A module graph: each module's static imports. */
function graph(edges: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id]! } : null) }
}
const at = (path: string): string => resolve(path)

describe('chunk groups', () => {
  const react = at('node_modules/react-dom/client.js')
  const layout = at('src/scripts/layout.ts')
  const live = at('src/lib/client/live.ts')
  const modules = graph({
    [layout]: [at('src/lib/routing/routes.ts'), at('src/lib/stores/settings.ts')],
    [at('src/lib/routing/routes.ts')]: [],
    [at('src/lib/stores/settings.ts')]: [at('src/lib/routing/routes.ts')],
    [live]: [at('src/lib/stores/reaction.ts'), at('src/lib/routing/routes.ts')],
    [at('src/lib/stores/reaction.ts')]: [],
    [at('src/islands/weather/WeatherNow.tsx')]: [react],
    [react]: [],
  })

  it('puts the layout script’s static imports in core, then the live data, React in its own', () => {
    const name = chunkGroup([
      ['core', 'src/scripts/layout.ts'],
      ['live', 'src/lib/client/live.ts'],
    ])
    expect(name(at('src/lib/routing/routes.ts'), modules)).toBe('core')
    expect(name(at('src/lib/stores/settings.ts'), modules)).toBe('core')
    // Already in core, so not in live as well.
    expect(name(live, modules)).toBe('live')
    expect(name(at('src/lib/stores/reaction.ts'), modules)).toBe('live')
    expect(name(react, modules)).toBe('react')
    // Islands are left to Rolldown, each loaded only where a page has it.
    expect(name(at('src/islands/weather/WeatherNow.tsx'), modules)).toBeNull()
  })

  it('follows static imports only, through cycles', () => {
    const cyclic = graph({ a: ['b'], b: ['a', 'c'], c: [] })
    expect([...staticClosure(cyclic, 'a')].sort()).toEqual(['a', 'b', 'c'])
  })
})
