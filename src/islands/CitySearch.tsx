import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { searchCities, type CitySearchResult } from '../lib/cities.ts'
import { searchHref } from '../lib/search-nav.ts'
import type { Section } from '../lib/routes.ts'
import { $cityIndex, loadCities, selectLocation } from '../lib/stores/index.ts'
import { noteSearchChoice } from '../lib/stores/search.ts'

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

/** City search box: an ARIA combobox over cities.txt, loaded on first focus or keystroke. */
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
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const root = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)

  // Keep what the visitor typed before this island hydrated.
  useEffect(() => {
    const early = input.current?.value ?? ''
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
  useEffect(() => setActive(-1), [query])

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
    location.assign(searchHref(prefix, result, section))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    void loadCities()
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!results.length) return
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + results.length) % results.length)
    } else if (event.key === 'Enter') {
      const result = results[active] ?? results[0]
      if (showList && result) {
        event.preventDefault()
        choose(result)
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
    <div className="search" ref={root} role="search">
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
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={text}
        onFocus={() => void loadCities()}
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
      <ul id={`${id}-list`} role="listbox" aria-label={labels.label} className="search-list" hidden={!showList}>
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
