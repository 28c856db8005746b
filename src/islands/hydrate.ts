// Hydrates server-rendered React islands from one cached module instead of an inline runtime per page.
import type { ComponentType, ReactNode } from 'react'
import { includeTexts } from '../lib/stores/dictionary.ts'

/** A staff island: its page also loads the staff part of the dictionary (src/i18n/parts.ts). */
const staff =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> => (includeTexts('staff'), load())

/**
 * Every island the pages may mount, each loaded only when a page has it. An island is its module's export
 * of the same name, one island per file (tests/unit/islands/registry.test.ts checks the file names).
 */
const loaders = {
  CitySearch: () => import('./CitySearch.tsx'),
  SettingsPanel: () => import('./SettingsPanel.tsx'),
  WeatherNow: () => import('./weather/WeatherNow.tsx'),
  WeatherAlerts: () => import('./weather/WeatherAlerts.tsx'),
  HourlyForecast: () => import('./weather/HourlyForecast.tsx'),
  DailyForecast: () => import('./weather/DailyForecast.tsx'),
  WeatherRadar: () => import('./weather/WeatherRadar.tsx'),
  AirQuality: () => import('./weather/AirQuality.tsx'),
  PollenCard: () => import('./weather/PollenCard.tsx'),
  MarineCard: () => import('./weather/MarineCard.tsx'),
  QuakeList: () => import('./weather/QuakeList.tsx'),
  StatusesList: () => import('./live/StatusesList.tsx'),
  CamerasGrid: () => import('./live/CamerasGrid.tsx'),
  RoadsMap: () => import('./live/RoadsMap.tsx'),
  RoadsList: () => import('./live/RoadsList.tsx'),
  LocalList: () => import('./live/LocalList.tsx'),
  LoginForm: staff(() => import('./staff/LoginForm.tsx')),
  ResetForm: staff(() => import('./staff/ResetForm.tsx')),
  AuthCallback: staff(() => import('./staff/AuthCallback.tsx')),
  EditorPage: staff(() => import('./staff/EditorPage.tsx')),
  UsersAdmin: staff(() => import('./staff/UsersAdmin.tsx')),
  DashboardNow: () => import('./dashboard/DashboardNow.tsx'),
  DashboardPlaces: () => import('./dashboard/DashboardPlaces.tsx'),
  CoverageReport: () => import('./coverage/CoverageReport.tsx'),
}

/** The name a page may give <Island name>: any other is a type error there (src/components/Island.astro). */
export type IslandName = keyof typeof loaders

/** The props an island's component takes (its module's export of the island's name); `unknown` when none. */
type PropsOf<N extends IslandName> =
  Awaited<ReturnType<(typeof loaders)[N]>> extends Record<N, (props: infer P) => unknown> ? P : never

/**
 * What each island takes: a page's <Island name props> must give its island exactly these (Island.astro);
 * an island without props takes `{}` and nothing else.
 */
export type IslandProps = { [N in IslandName]: keyof PropsOf<N> extends never ? Record<string, never> : PropsOf<N> }

/** The same table, checked: a module without a component exported under its island's name does not compile. */
const islands: { [N in IslandName]: () => Promise<Record<N, ComponentType<never>>> } = loaders

const isIsland = (name: string | undefined): name is IslandName => name !== undefined && Object.hasOwn(islands, name)

/** The island's component, from its module. */
async function component(name: IslandName): Promise<ComponentType<never>> {
  const load: () => Promise<Partial<Record<IslandName, ComponentType<never>>>> = islands[name]
  const found = (await load())[name]
  if (!found) throw new Error(`Island ${name} has no export of that name`)
  return found
}

function hydrate(element: HTMLElement): void {
  const name = element.dataset['island']
  // Pages can only name a known island (IslandName); this guards HTML from elsewhere, such as an old cached page.
  if (!isIsland(name)) return void console.error('Unknown island', name)
  let props: unknown = {}
  try {
    props = JSON.parse(element.dataset['props'] ?? '{}')
  } catch (error) {
    console.error('Island props are not valid JSON', name, error)
    return
  }
  // React itself loads with the first island, not with the page. An island that shows stored
  // state (data-client) renders afresh: its server HTML has the defaults, so hydrating it would mismatch.
  void Promise.all([component(name), import('react'), import('react-dom/client')]).then(([island, react, client]) => {
    const tree = react.createElement(island, props as never)
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
