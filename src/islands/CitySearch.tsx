import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { loadDictionary } from '../i18n/lazy.ts'
import { searchCities, type CitySearchResult } from '../lib/cities.ts'
import { savedHref, searchHref } from '../lib/search-nav.ts'
import { pageLang } from '../lib/page-lang.ts'
import { chosenLocale } from '../lib/routing/locale-path.ts'
import { localePrefix, type Section } from '../lib/routing/routes.ts'
import { $chosenLanguage, $cityIndex, $settings, loadCities, selectLocation } from '../lib/stores/index.ts'
import { $savedPlaces, noteSearchChoice, type SavedPlace } from '../lib/stores/search.ts'

export type CitySearchLabels = {
  label: string
  placeholder: string
  noResults: string
  clear: string
  loading: string
  error: string
  one: string
  other: string
}

const DEBOUNCE_MS = 200

/** Where results lead: the language the visitor chose (the site's links follow it), else this page's. */
const targetPrefix = (pagePrefix: string): string => {
  const chosen = chosenLocale($settings.get().language, $chosenLanguage.get())
  return chosen ? localePrefix(chosen) : pagePrefix
}

/**
 * City search box: an ARIA combobox over cities.txt, loaded on first focus or keystroke. Focused
 * and empty, it lists the visitor's pinned and recent places.
 */
export function CitySearch({
  id,
  labels,
  prefix,
  section,
}: {
  id: string
  labels: CitySearchLabels
  prefix: string
  section: Section
}) {
  const cities = useStore($cityIndex)
  const saved = useStore($savedPlaces)
  // The group names come from the page's dictionary, loaded the first time saved places are shown.
  const [words, setWords] = useState<Record<string, string> | null>(null)
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const root = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)

  // Keep what the visitor typed before this island hydrated (or the focus it already had).
  useEffect(() => {
    const early = input.current?.value ?? ''
    if (!early && document.activeElement === input.current) onFocus()
    if (!early) return
    setText(early)
    setOpen(true)
    void loadCities()
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [])

  const results: CitySearchResult[] = cities.state === 'ready' ? searchCities(cities.index, query) : []
  const showList = open && query.trim().length >= 2
  const showSaved = open && !text.trim() && saved.length > 0 && words !== null
  const optionCount = showList ? results.length : showSaved ? saved.length : 0
  useEffect(() => setActive(-1), [query, showSaved])

  // Focus opens the list again: the results for what is typed, or the saved places when nothing is.
  const onFocus = () => {
    void loadCities()
    setOpen(true)
    if (!text.trim() && !words && saved.length) void loadDictionary(pageLang()).then(setWords)
  }

  const chooseSaved = ({ place }: SavedPlace) => {
    selectLocation(place)
    setOpen(false)
    location.assign(savedHref(targetPrefix(prefix), place, section))
  }

  const choose = (result: CitySearchResult) => {
    const { city } = result
    noteSearchChoice(query, results, result)
    selectLocation({
      method: 'selected',
      lat: city.lat,
      lon: city.lon,
      route: city.route,
      city: city.name,
      state: city.state,
      zip: null,
    })
    setOpen(false)
    setText(result.displayName)
    location.assign(searchHref(targetPrefix(prefix), result, section))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    void loadCities()
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!optionCount) return
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + optionCount) % optionCount)
    } else if (event.key === 'Enter') {
      const result = results[active] ?? results[0]
      const place = saved[active]
      if (showList && result) {
        event.preventDefault()
        choose(result)
      } else if (showSaved && place) {
        event.preventDefault()
        chooseSaved(place)
      }
    } else if (event.key === 'Escape') {
      if (open) setOpen(false)
      else setText('')
    }
  }

  const status =
    cities.state === 'error' ? labels.error : cities.state !== 'ready' ? labels.loading : results.length ? '' : labels.noResults
  const count = results.length === 1 ? labels.one : labels.other.replace('{n}', String(results.length))

  return (
    <div className="search" ref={root} role="search" aria-label={labels.label}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {labels.label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={80}
        placeholder={labels.placeholder}
        aria-expanded={showList || showSaved}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={(showList || showSaved) && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={text}
        onFocus={onFocus}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(event.target.value.trim().length > 0)
          void loadCities()
        }}
        onKeyDown={onKeyDown}
      />
      {text && (
        <button
          type="button"
          className="search-clear"
          aria-label={labels.clear}
          onClick={() => (setText(''), setQuery(''), setOpen(false))}
        >
          ×
        </button>
      )}
      <ul id={`${id}-list`} role="listbox" aria-label={labels.label} className="search-list" hidden={!showList && !showSaved}>
        {showSaved &&
          saved.map((entry, i) => (
            <SavedOption
              key={`${entry.kind}-${entry.place.lat}-${entry.place.lon}`}
              id={`${id}-opt-${i}`}
              entry={entry}
              group={
                entry.kind !== saved[i - 1]?.kind
                  ? (words?.[entry.kind === 'pinned' ? 'settings.pinned' : 'settings.recent'] ?? null)
                  : null
              }
              selected={i === active}
              onChoose={chooseSaved}
            />
          ))}
        {showList &&
          results.map((result, i) => (
            <li
              key={`${result.displayName}-${result.city.lat}-${result.city.lon}`}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result)}
            >
              <span>{result.displayName}</span>
              <small>
                {result.city.lat.toFixed(2)}, {result.city.lon.toFixed(2)}
              </small>
            </li>
          ))}
        {showList && status && (
          <li className="search-empty" role="presentation">
            {status}
          </li>
        )}
      </ul>
      <p className="sr-only" aria-live="polite">
        {showList && cities.state === 'ready' ? (results.length ? count : labels.noResults) : ''}
      </p>
    </div>
  )
}

/** One saved place in the empty search box, after its group's name when it starts a group. */
function SavedOption(props: {
  id: string
  entry: SavedPlace
  group: string | null
  selected: boolean
  onChoose: (entry: SavedPlace) => void
}) {
  const { entry } = props
  return (
    <>
      {props.group && (
        <li className="search-group" role="presentation">
          {props.group}
        </li>
      )}
      <li
        id={props.id}
        role="option"
        aria-selected={props.selected}
        data-saved={entry.kind}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => props.onChoose(entry)}
      >
        <span>{entry.name}</span>
        <small>
          {entry.place.lat.toFixed(2)}, {entry.place.lon.toFixed(2)}
        </small>
      </li>
    </>
  )
}
