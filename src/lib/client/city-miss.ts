// The 404 page for a city path under a real state (/wa/nowhereville): says the city was not found
// in that state and lists the nearest names, next to the search box. Loaded only for such paths.
import { loadT } from '../../i18n/lazy.ts'
import { closestCities, hasState, readCityMiss } from '../routing/city-miss.ts'
import { cityPath } from '../routing/routes.ts'
import { loadCities } from '../stores/cities.ts'
import { pageLocale, pagePath } from './page.ts'

export async function explainCityMiss(): Promise<void> {
  const miss = readCityMiss(pagePath)
  if (!miss) return
  const [index, t] = await Promise.all([loadCities(), loadT(pageLocale)])
  if (!index || !hasState(index.cities, miss.state)) return
  const state = miss.state.toUpperCase()
  const head = document.querySelector('main .page-head')
  if (!head) return
  const title = head.querySelector('h1')
  if (title) title.textContent = t('notFound.cityTitle')
  document.title = `${t('notFound.cityTitle')} | ${t('site.name')}`
  const body = head.querySelector('p')
  if (body) body.textContent = t('notFound.cityBody', { city: miss.slug.replace(/-/g, ' '), state })
  const matches = closestCities(index.cities, miss.state, miss.slug)
  if (!matches.length) return
  const section = document.createElement('section')
  section.className = 'card city-miss'
  section.setAttribute('aria-labelledby', 'city-miss-h')
  const heading = document.createElement('h2')
  heading.id = 'city-miss-h'
  heading.textContent = t('notFound.closest', { state })
  const list = document.createElement('ul')
  for (const city of matches) {
    const item = document.createElement('li')
    const link = document.createElement('a')
    link.href = cityPath(pageLocale, city.route ?? '', miss.section)
    link.textContent = `${city.name}, ${city.state}`
    item.append(link)
    list.append(item)
  }
  section.append(heading, list)
  head.after(section)
}
