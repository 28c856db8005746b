// An owner link (/editor#h={key}&rx={id}): the key leaves the address bar at once, before usage
// telemetry or anything else reads the URL, and is exchanged for a sign-in only on the editor page.
// A link pasted into a tab already on the editor only changes the fragment, so that is watched too.
import { parseOwnerFragment } from '../owner-link.ts'

function takeOwnerKey(): void {
  const key = /\/editor$/.test(location.pathname) ? parseOwnerFragment(location.hash) : null
  if (!key) return
  history.replaceState(history.state, '', location.pathname + location.search)
  void import('../stores/owner-link.ts').then(({ openOwnerLink }) => openOwnerLink(key))
}

takeOwnerKey()
addEventListener('hashchange', takeOwnerKey)
