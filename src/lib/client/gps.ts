// The GPS button: idle, loading, then the point's page for the current section, or a readable error.
// What it runs on a click loads with the first click, not with every page.
export {}
const button = document.getElementById('gps')
const status = document.getElementById('gps-status')

status?.querySelector('button')?.addEventListener('click', () => (status.hidden = true))

button?.addEventListener('click', () => {
  if (button.getAttribute('aria-busy') === 'true') return
  button.setAttribute('aria-busy', 'true')
  if (status) status.hidden = true
  void import('./gps-action.ts')
    .then(({ useDeviceLocation }) => useDeviceLocation(status))
    .finally(() => button.removeAttribute('aria-busy'))
})
