// The GPS button: idle, loading, then the point's page for the current section, or a readable error.
// Phones have it in the header; wide screens get the same button beside the search box (a copy
// made here, into room the sidebar keeps for it, so the static page carries it once).
// What it runs on a click loads with the first click, not with every page.
export {}
const header = document.getElementById('gps')
const status = document.getElementById('gps-status')
const panel = document.getElementById('search-panel')

status?.querySelector('button')?.addEventListener('click', () => (status.hidden = true))

const side = header?.cloneNode(true)
if (side instanceof HTMLButtonElement && panel) {
  side.id = 'gps-side'
  side.className = 'icon-btn gps-side'
  panel.append(side)
}

for (const button of [header, side]) {
  if (!(button instanceof HTMLElement)) continue
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-busy') === 'true') return
    button.setAttribute('aria-busy', 'true')
    if (status) status.hidden = true
    void import('./gps-action.ts')
      .then(({ useDeviceLocation }) => useDeviceLocation(status))
      .finally(() => button.removeAttribute('aria-busy'))
  })
}
