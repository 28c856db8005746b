import { describe, expect, it } from 'vitest'
import { ownerLinkUrl, parseOwnerFragment } from '../../src/lib/owner-link.ts'

const KEY = 'Abc_DEF-0123456789abcdefghijklmnopqrstuvwxyz'

describe('owner links', () => {
  it('puts the key in the fragment of the editor page, in the staff member’s language', () => {
    expect(ownerLinkUrl('https://p.example', 'en', { h: KEY, rx: '12' })).toBe(`https://p.example/editor#h=${KEY}&rx=12`)
    expect(ownerLinkUrl('https://p.example', 'ja', { h: KEY, rx: '3' })).toBe(`https://p.example/ja/editor#h=${KEY}&rx=3`)
  })
  it('reads back what it wrote', () => {
    expect(parseOwnerFragment(`#h=${KEY}&rx=12`)).toEqual({ h: KEY, rx: '12' })
  })
  it.each([
    '',
    '#',
    `#h=${KEY}`,
    `#rx=12&h=${KEY}`,
    '#h=short&rx=12',
    `#h=${KEY}&rx=12x`,
    `#h=${KEY}&rx=12345678901`,
    `#h=${KEY}<script>&rx=12`,
    `#h=${'a'.repeat(201)}&rx=1`,
    `#h=${KEY}&rx=12&x=1`,
  ])('refuses %j', (hash) => expect(parseOwnerFragment(hash)).toBeNull())
})
