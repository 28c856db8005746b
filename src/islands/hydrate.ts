// Hydrates server-rendered React islands from one cached module instead of an inline runtime per page.
import type { ComponentType, ReactNode } from 'react'
import { includeTexts } from '../lib/stores/dictionary.ts'

type Loader = () => Promise<ComponentType<never>>

/** A staff island: its page also loads the staff part of the dictionary (src/i18n/parts.ts). */
const staff =
  (load: Loader): Loader =>
  () => (includeTexts('staff'), load())

/** Every island the pages may mount, each loaded only when a page has it. */
const islands: Record<string, Loader> = {
  CitySearch: () => import('./CitySearch.tsx').then((m) => m.CitySearch as ComponentType<never>),
  SettingsPanel: () => import('./SettingsPanel.tsx').then((m) => m.SettingsPanel as ComponentType<never>),
  WeatherNow: () => import('./weather/WeatherNow.tsx').then((m) => m.WeatherNow as ComponentType<never>),
  WeatherAlerts: () => import('./weather/WeatherAlerts.tsx').then((m) => m.WeatherAlerts as ComponentType<never>),
  HourlyForecast: () => import('./weather/HourlyForecast.tsx').then((m) => m.HourlyForecast as ComponentType<never>),
  DailyForecast: () => import('./weather/DailyForecast.tsx').then((m) => m.DailyForecast as ComponentType<never>),
  WeatherRadar: () => import('./weather/WeatherRadar.tsx').then((m) => m.WeatherRadar as ComponentType<never>),
  AirQuality: () => import('./weather/AirQuality.tsx').then((m) => m.AirQuality as ComponentType<never>),
  PollenCard: () => import('./weather/AirQuality.tsx').then((m) => m.PollenCard as ComponentType<never>),
  MarineCard: () => import('./weather/MarineCard.tsx').then((m) => m.MarineCard as ComponentType<never>),
  QuakeList: () => import('./weather/QuakeList.tsx').then((m) => m.QuakeList as ComponentType<never>),
  StatusesList: () => import('./live/StatusesList.tsx').then((m) => m.StatusesList as ComponentType<never>),
  CamerasGrid: () => import('./live/CamerasGrid.tsx').then((m) => m.CamerasGrid as ComponentType<never>),
  RoadsMap: () => import('./live/RoadsMap.tsx').then((m) => m.RoadsMap as ComponentType<never>),
  RoadsList: () => import('./live/RoadsList.tsx').then((m) => m.RoadsList as ComponentType<never>),
  LocalList: () => import('./live/LocalList.tsx').then((m) => m.LocalList as ComponentType<never>),
  LoginForm: staff(() => import('./staff/LoginForm.tsx').then((m) => m.LoginForm as ComponentType<never>)),
  ResetForm: staff(() => import('./staff/ResetForm.tsx').then((m) => m.ResetForm as ComponentType<never>)),
  AuthCallback: staff(() => import('./staff/AuthCallback.tsx').then((m) => m.AuthCallback as ComponentType<never>)),
  EditorPage: staff(() => import('./staff/EditorPage.tsx').then((m) => m.EditorPage as ComponentType<never>)),
  UsersAdmin: staff(() => import('./staff/UsersAdmin.tsx').then((m) => m.UsersAdmin as ComponentType<never>)),
  DashboardNow: () => import('./dashboard/DashboardNow.tsx').then((m) => m.DashboardNow as ComponentType<never>),
  DashboardPlaces: () => import('./dashboard/DashboardPlaces.tsx').then((m) => m.DashboardPlaces as ComponentType<never>),
}

function hydrate(element: HTMLElement): void {
  const load = islands[element.dataset['island'] ?? '']
  if (!load) return
  let props: unknown = {}
  try {
    props = JSON.parse(element.dataset['props'] ?? '{}')
  } catch (error) {
    console.error('Island props are not valid JSON', element.dataset['island'], error)
    return
  }
  // React itself loads with the first island, not with the page. An island that shows stored
  // state (data-client) renders afresh: its server HTML has the defaults, so hydrating it would mismatch.
  void Promise.all([load(), import('react'), import('react-dom/client')]).then(([component, react, client]) => {
    const tree = react.createElement(component, props as never)
    if (!('client' in element.dataset)) return void client.hydrateRoot(element, tree)
    // Its server HTML stays inert until the first commit, so no click lands on a control being replaced.
    const Commit = ({ children }: { children: ReactNode }) => {
      react.useLayoutEffect(() => element.removeAttribute('inert'), [])
      return children
    }
    // A transition lets React yield between islands instead of one long task (total blocking time).
    const root = client.createRoot(element)
    react.startTransition(() => root.render(react.createElement(Commit, null, tree)))
  })
}

/** Hydrates each island when its `data-when` says: 'load', 'idle' (default) or 'visible'. */
export function hydrateIslands(root: ParentNode = document): void {
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        visible.unobserve(entry.target)
        hydrate(entry.target as HTMLElement)
      }
    },
    { rootMargin: '200px' },
  )
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = element.dataset['when']
    if (when === 'load') hydrate(element)
    else if (when === 'visible') visible.observe(element)
    else if ('requestIdleCallback' in window) requestIdleCallback(() => hydrate(element), { timeout: 2000 })
    else setTimeout(() => hydrate(element), 200)
  }
}
