// "Put this on your website": the place list from the visitor's pinned and recent places, a preview
// that follows the options, and the line of HTML to copy (src/lib/embed/widget.ts).
import { parseWidget, widgetSnippet, widgetUrl, WIDGET_HEIGHT, type WidgetOptions } from '../lib/embed/widget.ts'
import { $pinnedLocations, $recentLocations } from '../lib/stores/locations.ts'

const form = document.getElementById('widget-form') as HTMLFormElement | null
const choice = document.getElementById('widget-place-choice') as HTMLSelectElement | null
const preview = document.getElementById('widget-preview')
const code = document.getElementById('widget-code') as HTMLTextAreaElement | null
const copied = document.getElementById('widget-copied')

// The visitor's places with a page (the widget links back to it), pinned first, then the most recent.
const seen = new Set(['wa/duvall'])
const places = [...$pinnedLocations.get(), ...[...$recentLocations.get()].sort((a, b) => b.lastVisited - a.lastVisited)]
let first = true
for (const place of places) {
  if (!place.route || seen.has(place.route)) continue
  seen.add(place.route)
  const name = [place.city, place.state?.toUpperCase()].filter(Boolean).join(', ') || place.route
  const option = new Option(name, `${place.route}|${place.lat}|${place.lon}`)
  choice?.add(option, first ? 0 : undefined)
  if (first) option.selected = true
  first = false
}

function options(): WidgetOptions | null {
  if (!form) return null
  const data = new FormData(form)
  const field = (name: string, fallback: string): string => {
    const value = data.get(name)
    return typeof value === 'string' ? value : fallback
  }
  const [place = '', lat = '', lon = ''] = field('place', '').split('|')
  const query = new URLSearchParams({
    place,
    lat: Number(lat).toFixed(2),
    lon: Number(lon).toFixed(2),
    lang: field('lang', 'en'),
    theme: field('theme', 'light'),
    size: field('size', 'compact'),
    roads: data.get('roads') ? '1' : '0',
  })
  return parseWidget(`?${query}`)
}

function update(): void {
  const chosen = options()
  if (!chosen || !preview || !code) return
  // The visitor's own name for the place (the list's), for the frame's title; the widget's heading is its own.
  const shown = choice?.selectedOptions[0]?.text ?? chosen.name
  const title = `${shown} · ${form?.dataset['frameTitle'] ?? ''}`
  code.value = widgetSnippet(location.origin, chosen, title)
  const frame = preview.querySelector('iframe') ?? document.createElement('iframe')
  frame.title = title
  frame.width = '360'
  frame.height = String(WIDGET_HEIGHT[chosen.size])
  frame.src = widgetUrl(location.origin, chosen)
  if (!frame.isConnected) preview.append(frame)
}

form?.addEventListener('change', update)
update()

document.getElementById('widget-copy')?.addEventListener('click', () => {
  if (!code) return
  code.select()
  void navigator.clipboard
    ?.writeText(code.value)
    .then(() => copied?.removeAttribute('hidden'))
    .catch(() => undefined)
})
