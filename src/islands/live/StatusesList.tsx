import { useStore } from '@nanostores/react'
import { priorityLevel, groupStatuses } from '../../lib/live/statuses.ts'
import { safeHttpUrl } from '../../lib/live/business.ts'
import { itemSource } from '../../lib/live/feed-source.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/source.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { Checked, ItemTimes, ItemTitle, SourceCredit, distanceText, stateLabel } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'
import { EmptyCoverage } from '../coverage/EmptyCoverage.tsx'

/** Statuses near the point, grouped by category; every text shown as text, links and images http(s) only. */
export function StatusesList() {
  const t = useT()
  const now = useStore($now)
  const { locale, settings, timeZone } = useLiveDisplay()
  return (
    <SourceCard source={reaction} errorKey="error.statuses">
      {(data) => {
        if (!t) return null
        const groups = groupStatuses(data.statuses.messages)
        if (!groups.length)
          return (
            <div>
              <p className="empty-title">{t('empty.statuses')}</p>
              <p className="muted">{t('empty.hint')}</p>
              <EmptyCoverage section="statuses" locale={locale} t={t} />
            </div>
          )
        return groups.map(({ category, items }) => (
          <section key={category} className="status-group" aria-labelledby={`cat-${category}`}>
            <h3 id={`cat-${category}`}>{t(`category.${category}`)}</h3>
            <ul className="live-list">
              {items.map((item) => {
                const level = priorityLevel(item.priority)
                const image = safeHttpUrl(item.image) ?? safeHttpUrl(item.icon)
                return (
                  <li key={item.id} className={`live-item prio-${level}`}>
                    {image && <img src={image} alt="" width="48" height="48" loading="lazy" decoding="async" />}
                    <div>
                      <p className="live-title">
                        <span className={`tag prio prio-${level}`}>{t(`priority.${level}`)}</span>{' '}
                        {item.state && <span className="tag state">{stateLabel(item.state, t)}</span>}{' '}
                        <ItemTitle title={item.title} href={item.link} />
                      </p>
                      <ItemTimes item={item} now={now} locale={locale} timeZone={timeZone} t={t} />
                      {item.data.lines.map((line, index) => (
                        <p key={index}>{line}</p>
                      ))}
                      <p className="muted live-meta">
                        {item.distance !== null && <span>{distanceText(item.distance, settings, locale, t)}</span>}{' '}
                        <Checked
                          retrieved={item.retrieved}
                          isOld={item.isOld}
                          now={now}
                          locale={locale}
                          t={t}
                          fromFeed={itemSource(item) !== null}
                        />{' '}
                        <SourceCredit item={item} t={t} /> <EditButton item={item} t={t} />
                      </p>
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        ))
      }}
    </SourceCard>
  )
}
