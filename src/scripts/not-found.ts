// For static hosts without rules: resolves alias and coordinate routes in the browser.
import { hostRules, matchRule } from '../lib/routing/host-rules.ts'
import { resolveMiss } from '../lib/routing/resolve-miss.ts'

const html = document.documentElement
const reveal = (): void => {
  html.removeAttribute('data-resolving')
  document.body.classList.add('search-open')
  // A city path under a real state says so, with the nearest names (loaded only for such paths).
  void import('../lib/client/city-miss.ts').then(({ explainCityMiss }) => explainCityMiss())
}
const rules = hostRules()
const action = resolveMiss(location.pathname, (path) => matchRule(rules, path))
if (action.kind === 'redirect') location.replace(action.to + location.search + location.hash)
else if (action.kind === 'rewrite') {
  // Serve the shell in place, keeping the visitor's URL (what a host's 200 rewrite does).
  fetch(`${action.to}.html`)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((page) => {
      document.open()
      document.write(page)
      document.close()
    })
    .catch(reveal)
} else reveal()
