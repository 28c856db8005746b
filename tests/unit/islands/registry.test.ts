// The island registry (src/islands/hydrate.ts): one island per file, the file named after it, and the
// island its module's only value export. The type check covers the rest: a page naming an island the
// registry lacks, or a module without an export of its island's name, does not compile.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { describe, expect, it } from 'vitest'

const source = readFileSync('src/islands/hydrate.ts', 'utf8')
const table = source.slice(source.indexOf('const loaders = {'), source.indexOf('\n}\n', source.indexOf('const loaders = {')))
const entries = [...table.matchAll(/^ {2}(\w+): (?:staff\()?\(\) => import\('\.\/([\w/]+\.tsx)'\)/gm)].map(([, name, path]) => ({
  name: name!,
  path: path!,
}))

describe('island registry', () => {
  it('lists every island, each on its own line', () => {
    expect(entries.length).toBeGreaterThan(20)
    expect(entries.length).toBe(table.split('\n').filter((line) => /^ {2}\w+:/.test(line)).length)
  })

  it('names each file after its island, one island per file', () => {
    for (const { name, path } of entries) expect(basename(path, '.tsx'), path).toBe(name)
    expect(new Set(entries.map(({ path }) => path)).size).toBe(entries.length)
  })

  it('gives each island module one value export: the island', () => {
    for (const { name, path } of entries) {
      const code = readFileSync(`src/islands/${path}`, 'utf8')
      const exported = [...code.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)].map(([, id]) => id)
      expect(exported, path).toEqual([name])
      expect(code, path).not.toMatch(/^export (?:default|\{)/m)
    }
  })
})
