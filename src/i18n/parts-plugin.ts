// Vite plugin: `import('./en.json?part=staff')` gives only that part of the dictionary (src/i18n/parts.ts), at build
// time; `?part=offer` gives the language offer's texts alone.
import type { Plugin } from 'vite'
import { DICTIONARY_PARTS, pickOffer, pickPart, type DictionaryPart } from './parts.ts'

const PART_QUERY = /\/src\/i18n\/[a-z]{2}\.json\?part=(\w+)$/

/** Filters a dictionary JSON imported with `?part=…` into a module of that part's texts. */
export function dictionaryParts(): Plugin {
  return {
    name: 'porchlight:dictionary-parts',
    enforce: 'pre',
    transform(code, id) {
      const part = PART_QUERY.exec(id.replaceAll('\\', '/'))?.[1]
      if (!part) return null
      const dictionary = JSON.parse(code) as Record<string, string>
      if (part !== 'offer' && !DICTIONARY_PARTS.includes(part as DictionaryPart))
        throw new Error(`unknown dictionary part in ${id}`)
      const texts = part === 'offer' ? pickOffer(dictionary) : pickPart(dictionary, part as DictionaryPart)
      // A module of its own: a query hides the .json extension from Vite's JSON handling.
      return { code: `export default ${JSON.stringify(texts)}`, map: null, moduleType: 'js' }
    },
  }
}
