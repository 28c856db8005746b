/** One entry of the sidebar or tab bar. `place` entries follow the page's (or the visitor's) place. */
export type NavEntry = { id: string; href: string; label: string; current: boolean; place: boolean; badge: boolean }

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/**
 * The link of one nav entry: icon, label, current-page mark and a count-badge slot. A plain
 * string, not a component: it is drawn 11 times on each of ~750,000 pages.
 * @example navLinkHtml({ id: 'roads', href: '/wa/duvall/roads', label: 'Roads', current: true, place: true, badge: true })
 */
export function navLinkHtml(entry: NavEntry): string {
  const section = entry.place ? ` data-section="${escape(entry.id)}"` : ''
  const current = entry.current ? ' aria-current="page"' : ''
  const badge = entry.badge ? `<span class="badge" data-badge="${escape(entry.id)}" hidden></span>` : ''
  return `<a href="${escape(entry.href)}"${section}${current}><svg aria-hidden="true"><use href="/icons.svg#${escape(entry.id)}"></use></svg><span>${escape(entry.label)}</span>${badge}</a>`
}

/** Tabs the phone's tab bar shows itself; the rest open from its "More" tab, so every label fits whole at 360 px. */
export const TAB_BAR_SIZE = 4

const MORE_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24"><circle cx="5" cy="12" r="2" fill="currentColor"></circle><circle cx="12" cy="12" r="2" fill="currentColor"></circle><circle cx="19" cy="12" r="2" fill="currentColor"></circle></svg>'

/**
 * The phone's tab bar: the first four entries as tabs, the others in a "More" menu (a native
 * <details>, keyboard reachable without script) that shows as current when the page is one of them.
 * @example tabBarHtml(entries, 'More') // '<a …>Weather</a>…<details class="tab-more">…</details>'
 */
export function tabBarHtml(entries: NavEntry[], moreLabel: string): string {
  const tabs = entries.slice(0, TAB_BAR_SIZE).map(navLinkHtml).join('')
  const rest = entries.slice(TAB_BAR_SIZE)
  if (!rest.length) return tabs
  const current = rest.some((entry) => entry.current) ? ' data-current' : ''
  const badges = rest.some((entry) => entry.badge)
    ? rest
        .filter((entry) => entry.badge)
        .map((entry) => `<span class="badge" data-badge="${escape(entry.id)}" hidden></span>`)
        .slice(0, 1)
        .join('')
    : ''
  const menu = rest.map((entry) => `<li>${navLinkHtml(entry)}</li>`).join('')
  return `${tabs}<details class="tab-more"${current}><summary>${MORE_ICON}<span>${escape(moreLabel)}</span>${badges}</summary><ul class="tab-menu">${menu}</ul></details>`
}
