import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** Each `@keyframes` block of a stylesheet: its name and the properties its frames set. */
function keyframes(css: string): { name: string; properties: string[] }[] {
  const found: { name: string; properties: string[] }[] = []
  for (const match of css.matchAll(/@keyframes\s+([\w-]+)\s*\{/g)) {
    let depth = 1
    let end = match.index + match[0].length
    while (depth > 0 && end < css.length) {
      if (css[end] === '{') depth++
      else if (css[end] === '}') depth--
      end++
    }
    const body = css.slice(match.index + match[0].length, end - 1)
    found.push({ name: match[1] ?? '', properties: [...body.matchAll(/([\w-]+)\s*:/g)].map((property) => property[1] ?? '') })
  }
  return found
}

const sheets = readdirSync('src/styles').filter((file) => file.endsWith('.css'))

describe('animations', () => {
  it('finds the keyframes of a stylesheet', () => {
    expect(keyframes('@keyframes a { to { background-position: 0 0; } } @keyframes b { 50% { opacity: 0.4 } }')).toEqual([
      { name: 'a', properties: ['background-position'] },
      { name: 'b', properties: ['opacity'] },
    ])
  })

  // A loading page shows up to nine skeletons: an animation of anything else repaints each of them on the main
  // thread at every frame (the background-position shimmer did: 280 paints in a weather page's first 3 s).
  it.each(sheets)('%s animates only what the compositor moves alone (transform, opacity)', (file) => {
    for (const { name, properties } of keyframes(readFileSync(`src/styles/${file}`, 'utf8')))
      for (const property of properties) expect([name, property]).toEqual([name, expect.stringMatching(/^(transform|opacity)$/)])
  })
})
