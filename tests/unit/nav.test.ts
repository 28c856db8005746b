import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { TAB_BAR_SIZE, navLinkHtml } from '../../src/components/nav.ts'

describe('navLinkHtml', () => {
  it('draws the current section with its badge slot', () => {
    expect(navLinkHtml({ id: 'roads', href: '/wa/duvall/roads', label: 'Roads', current: true, place: true, badge: true })).toBe(
      '<a href="/wa/duvall/roads" data-section="roads" aria-current="page"><svg aria-hidden="true"><use href="/icons.svg#roads"></use></svg><span>Roads</span><span class="badge" data-badge="roads" hidden></span></a>',
    )
  })
  it('escapes every text it is given', () => {
    const html = navLinkHtml({
      id: 'x"y',
      href: '/a?b="c"&d',
      label: '<b>Tom & Jerry</b>',
      current: false,
      place: false,
      badge: false,
    })
    expect(html).toBe(
      '<a href="/a?b=&quot;c&quot;&amp;d"><svg aria-hidden="true"><use href="/icons.svg#x&quot;y"></use></svg><span>&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;</span></a>',
    )
  })
})

describe('the tab bar', () => {
  it('has a column in the stylesheet for each tab and "More"', () => {
    const rule = /\n\.tabs \{[^}]*grid-template-columns: repeat\((\d+),/.exec(readFileSync('src/styles/global.css', 'utf8'))
    expect(Number(rule?.[1])).toBe(TAB_BAR_SIZE + 1)
  })
})
