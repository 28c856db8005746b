// "Notify me" beside the pin button of a place page: pressed while this browser follows the place; a click opens the
// dialog (loaded then). Imported by the layout script; it does nothing on pages without the button.
import { $notify, followed } from '../../lib/notify/client.ts'
import { pageLocale } from '../../lib/client/page.ts'

const button = document.getElementById('notify')
const head = button?.closest<HTMLElement>('.page-head')
const route = head?.dataset['route']

if (button && route) {
  const labels = { false: button.textContent.trim(), true: button.dataset['on'] ?? '' }
  $notify.subscribe((saved) => {
    const on = followed(saved, route) !== null
    button.setAttribute('aria-pressed', String(on))
    button.textContent = (on ? labels.true : labels.false) || labels.false
  })
  button.hidden = false
  button.addEventListener('click', () => {
    const name = head.querySelector('h1')?.textContent.trim() ?? route
    void import('./mount.tsx').then(({ openNotifyDialog }) => openNotifyDialog(route, name, pageLocale))
  })
}
