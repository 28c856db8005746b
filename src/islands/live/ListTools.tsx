import { useEffect, useId, useState, type ReactNode } from 'react'
import { PRIORITY_FILTERS, readFilter, writeFilter, type ListFilter } from '../../lib/live/order.ts'
import type { I18nFamily, T } from '../../i18n/use-t.ts'

/**
 * The list's filter, kept in the address's hash so a reload or a shared link keeps it. Read after
 * hydration (the server renders the unfiltered list), and again when the visitor goes back or forward.
 */
export function useHashFilter(kinds: readonly string[]): [ListFilter, (next: ListFilter) => void] {
  const [filter, setFilter] = useState<ListFilter>({ prio: 'all', kind: 'all' })
  const key = kinds.join(',')
  useEffect(() => {
    const read = () => setFilter(readFilter(location.hash, key ? key.split(',') : []))
    read()
    addEventListener('hashchange', read)
    return () => removeEventListener('hashchange', read)
  }, [key])
  const change = (next: ListFilter) => {
    setFilter(next)
    // replaceState: a filter is not a page, so Back still leaves the page, and no scroll jump to an anchor.
    history.replaceState(history.state, '', `${location.pathname}${location.search}${writeFilter(next)}`)
  }
  return [filter, change]
}

/** Priority (and, for statuses, kind) as two small labelled selects; changes apply at once. */
export function FilterBar({
  filter,
  onChange,
  kinds,
  kindLabel,
  t,
}: {
  filter: ListFilter
  onChange: (next: ListFilter) => void
  kinds?: readonly string[]
  kindLabel?: (kind: string) => string
  t: T
}) {
  const id = useId()
  return (
    <div className="list-filter" role="group" aria-label={t('listFilter.label')}>
      <label htmlFor={`${id}-prio`}>{t('listFilter.priority')}</label>
      <select
        id={`${id}-prio`}
        value={filter.prio}
        onChange={(event) => onChange({ ...filter, prio: readFilter(`prio=${event.target.value}`, []).prio })}
      >
        {PRIORITY_FILTERS.map((value) => (
          <option key={value} value={value}>
            {t(`listFilter.${value}` as I18nFamily<'listFilter'>)}
          </option>
        ))}
      </select>
      {kinds && kindLabel && (
        <>
          <label htmlFor={`${id}-kind`}>{t('listFilter.kind')}</label>
          <select id={`${id}-kind`} value={filter.kind} onChange={(event) => onChange({ ...filter, kind: event.target.value })}>
            <option value="all">{t('listFilter.allKinds')}</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  )
}

/** "Nothing matches this filter" with a way back to everything. */
export function NoMatch({ onReset, t }: { onReset: () => void; t: T }) {
  return (
    <p className="muted">
      {t('listFilter.none')}{' '}
      <button type="button" className="link-btn" onClick={onReset}>
        {t('listFilter.reset')}
      </button>
    </p>
  )
}

/** The folded rest of a group: a button with aria-expanded that opens the items in place. */
export function Folded({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button type="button" className="fold-btn" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
      </button>
      <div id={id} hidden={!open}>
        {open && children}
      </div>
    </>
  )
}
