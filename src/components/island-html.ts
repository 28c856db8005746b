import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'

const cache = new Map<string, string>()

/**
 * Server HTML of an island, rendered once per distinct props: the search box is the same on
 * every city page of a locale and section, and React rendering it 750,000 times costs minutes.
 */
export function islandHtml<P extends object>(component: ComponentType<P>, props: P): string {
  const key = `${component.name}|${JSON.stringify(props)}`
  let html = cache.get(key)
  if (html === undefined) {
    html = renderToString(createElement(component, props))
    if (cache.size < 1000) cache.set(key, html)
  }
  return html
}
