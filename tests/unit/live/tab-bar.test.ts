// The phone's tab bar (src/components/nav.ts): four tabs and "More" (issue 28), so labels fit whole at 360 px.
import { describe, expect, it } from 'vitest'
import { tabBarHtml, type NavEntry } from '../../../src/components/nav.ts'

const entry = (id: string, current = false): NavEntry => ({
  id,
  href: `/wa/duvall/${id}`,
  label: id,
  current,
  place: true,
  badge: id !== 'weather',
})
const ids = ['weather', 'statuses', 'cameras', 'roads', 'local', 'page', 'settings']

describe('tabBarHtml', () => {
  it('shows four tabs and the rest under More', () => {
    const html = tabBarHtml(
      ids.map((id) => entry(id)),
      'More',
    )
    const [bar, menu] = html.split('<details')
    expect(bar!.match(/<a /g)).toHaveLength(4)
    expect(menu!.match(/<a /g)).toHaveLength(3)
    expect(menu).toContain('<span>More</span>')
    expect(html).not.toContain('data-current')
  })
  it('marks More current when the page is one of its sections', () => {
    expect(
      tabBarHtml(
        ids.map((id) => entry(id, id === 'page')),
        'More',
      ),
    ).toContain('<details class="tab-more" data-current>')
  })
  it('escapes the label and draws no menu for four entries or fewer', () => {
    expect(
      tabBarHtml(
        ids.map((id) => entry(id)),
        '<b>',
      ),
    ).toContain('<span>&lt;b&gt;</span>')
    expect(
      tabBarHtml(
        ids.slice(0, 4).map((id) => entry(id)),
        'More',
      ),
    ).not.toContain('<details')
  })
})
