// The pin control of a place page: aria-pressed and the label ("Pinned") say whether this place is
// pinned (here or in another tab), and a polite live message says what a click changed.
import { loadT } from '../../i18n/lazy.ts'
import { $pagePoint } from '../stores/place.ts'
import { $pagePinned, togglePagePin } from '../stores/pin.ts'
import { savedPlaceName } from '../stores/search.ts'
import { pageLocale } from './page.ts'

const button = document.getElementById('pin')
const status = document.getElementById('pin-status')

if (button) {
  $pagePoint.subscribe((point) => (button.hidden = !point))
  // The label says the state too ("Pinned"), and the static "Pin this place" comes back on unpinning.
  const labels = { false: button.textContent.trim(), true: button.dataset['on'] ?? '' }
  $pagePinned.subscribe((pinned) => {
    button.setAttribute('aria-pressed', String(pinned))
    button.textContent = labels[`${pinned}`] || labels.false
  })
  button.addEventListener('click', () => {
    const outcome = togglePagePin()
    if (!outcome) return
    void loadT(pageLocale).then((t) => {
      if (status) status.textContent = t(outcome.pinned ? 'pin.pinned' : 'pin.unpinned', { place: savedPlaceName(outcome.place) })
    })
  })
}
