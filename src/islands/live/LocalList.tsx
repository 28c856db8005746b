import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import type { AlertItem } from '../../lib/items.ts'
import { matchesSearch, parseBusiness, telHref, type Business } from '../../lib/live/business.ts'
import { localClock, openState, type OpenState } from '../../lib/live/hours.ts'
import { isLocalPending, isOsmItem, itemOsmHours } from '../../lib/live/opening-hours.ts'
import { $localFilter, setLocalQuery, setOpenNow } from '../../lib/stores/local.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/clock.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { SafeLink, distanceText } from './Entry.tsx'
import { OpenBadge, Schedule, isAllDay } from './Hours.tsx'
import { EditButton } from './EditButton.tsx'
import { EmptyCoverage } from '../coverage/LazyEmptyCoverage.tsx'
import { HealthNote } from './HealthNote.tsx'
import { healthNote } from '../../lib/live/health.ts'

const LINKS = ['web', 'fb', 'menu', 'order', 'map'] as const
/** How soon the page asks again while the server fetches this area's businesses. */
const PENDING_RETRY_MS = 15_000

/** While the answer says "loading", ask again after a while (the server answers no-store then). */
function useRetryWhilePending(): void {
  const state = useStore(reaction.$state)
  const pending = state.state === 'ok' && isLocalPending(state.data.local)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => reaction.retry(), PENDING_RETRY_MS)
    return () => clearTimeout(timer)
  }, [pending, state])
}

/** The static search form above the list drives the filter store (it works before this island loads, too). */
function useFilterForm(): void {
  useEffect(() => {
    const form = document.getElementById('local-filters')
    if (!(form instanceof HTMLFormElement)) return
    const read = (): void => {
      const data = new FormData(form)
      const query = data.get('q')
      setLocalQuery(typeof query === 'string' ? query : '')
      setOpenNow(data.get('open') === 'now')
    }
    const submit = (event: Event): void => event.preventDefault()
    read()
    form.addEventListener('input', read)
    form.addEventListener('change', read)
    form.addEventListener('submit', submit)
    return () => {
      form.removeEventListener('input', read)
      form.removeEventListener('change', read)
      form.removeEventListener('submit', submit)
    }
  }, [])
}

/** Local businesses: search, all / open now, open state in the city's own time zone, weekly hours and links. */
export function LocalList() {
  const t = useT()
  const now = useStore($now)
  const filter = useStore($localFilter)
  const { locale, settings, timeZone } = useLiveDisplay()
  useFilterForm()
  useRetryWhilePending()
  return (
    <SourceCard source={reaction} errorKey="error.local">
      {(data) => {
        if (!t) return null
        const all: { business: Business; open: OpenState; item: AlertItem }[] = data.local.messages.map((item) => {
          const business = parseBusiness(item)
          // OpenStreetMap hours come evaluated by the server (holidays included); staff hours are read here.
          const osm = itemOsmHours(item, new Date(now), timeZone)
          if (osm) return { business: { ...business, week: osm.week }, open: osm.open, item }
          return { business, open: openState(business.week, new Date(now), timeZone), item }
        })
        const note = healthNote(data.local.health, 'local', all.length, now, locale, timeZone, t)
        if (!all.length && isLocalPending(data.local))
          return (
            <p className="empty-title" role="status">
              {t('local.loading')}
            </p>
          )
        if (!all.length)
          return (
            <div>
              <p className="empty-title">{t(data.local.health?.status === 'down' ? 'error.local' : 'empty.local')}</p>
              <HealthNote lines={note} titled={data.local.health?.status === 'down'} />
              <EmptyCoverage section="local" locale={locale} t={t} checked={!note} />
            </div>
          )
        const today = localClock(new Date(now), timeZone).day
        const shown = all.filter(
          ({ business, open }) => matchesSearch(business, filter.query) && (!filter.openNow || open.state === 'open'),
        )
        return (
          <>
            <HealthNote lines={note} />
            <p className="sr-only" role="status">
              {t('badge.count', { count: String(shown.length) })}
            </p>
            {!shown.length && (
              <div>
                <p className="empty-title">{t('empty.local')}</p>
                <p className="muted">{t('empty.search')}</p>
              </div>
            )}
            <ul className="live-list businesses">
              {shown.map(({ business, open, item }) => {
                const tel = telHref(business.phone)
                return (
                  <li key={business.id} className="business">
                    {business.image && (
                      // A fixed box (width and height reserved) and lazy: no layout shift, nothing loaded off screen.
                      <img
                        className="business-image"
                        src={business.image}
                        alt=""
                        width={96}
                        height={72}
                        loading="lazy"
                        decoding="async"
                        referrerPolicy="no-referrer"
                        onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
                      />
                    )}
                    {/* The name on a line of its own, the kind and open state under it: short lines, quick to scan. */}
                    <p className="live-title">
                      <strong>{business.title}</strong>
                    </p>
                    <p>
                      <span className="tag">{t(`business.${business.category}`)}</span>{' '}
                      <OpenBadge open={open} allDay={isAllDay(business.week[today])} today={today} locale={locale} t={t} />
                    </p>
                    {business.description && <p>{business.description}</p>}
                    {business.service.length > 0 && <p className="muted">{business.service.join(' · ')}</p>}
                    <p className="muted">
                      {[business.address, distanceText(business.distance, settings, locale, t)].filter(Boolean).join(' · ')}
                    </p>
                    <p className="business-links">
                      {tel && <a href={tel}>{t('business.call', { phone: business.phone ?? '' })}</a>}
                      {LINKS.map((name) => (
                        // Ten "Website" links say nothing out of context: each is named after its business too.
                        <SafeLink key={name} href={business.links[name]} label={`${t(`business.${name}`)} · ${business.title}`}>
                          {t(`business.${name}`)}
                        </SafeLink>
                      ))}
                    </p>
                    <Schedule business={business} now={now} timeZone={timeZone} locale={locale} t={t} />
                    <EditButton item={item} t={t} />
                  </li>
                )
              })}
            </ul>
            {all.some(({ item }) => isOsmItem(item)) && (
              // ODbL: credit OpenStreetMap wherever its data is shown.
              <p className="muted osm-credit">
                <a href="https://www.openstreetmap.org/copyright" rel="noopener external" target="_blank">
                  {t('local.osmCredit')}
                </a>
              </p>
            )}
          </>
        )
      }}
    </SourceCard>
  )
}
