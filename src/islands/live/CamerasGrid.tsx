import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { formatAgo } from '../../lib/format.ts'
import type { AlertItem } from '../../lib/items.ts'
import { safeHttpUrl } from '../../lib/safe-url.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/clock.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT, type T } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { EmptyCoverage } from '../coverage/LazyEmptyCoverage.tsx'
import { HealthNote } from './HealthNote.tsx'
import { healthNote } from '../../lib/live/health.ts'
import { SourceCredit, distanceText } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'

/**
 * One camera still: lazy, fixed 4:3 box (no layout shift while it loads). One that fails to load keeps its box with
 * a note in it: the grid has been painted by then, and shrinking the box would move every camera under it.
 */
function Still({ item, t, large = false }: { item: AlertItem; t: T; large?: boolean }) {
  const [broken, setBroken] = useState(false)
  const src = safeHttpUrl(item.image) ?? safeHttpUrl(item.dataLink)
  if (!src || broken) return <span className="camera-img camera-missing">{t('cameras.unavailable')}</span>
  return (
    <img
      className="camera-img"
      src={src}
      // In the grid the button's own text names the camera; the large view describes the picture.
      alt={large ? item.title : ''}
      loading={large ? 'eager' : 'lazy'}
      decoding="async"
      width="640"
      height="480"
      onError={() => setBroken(true)}
    />
  )
}

/** When the camera's picture is from: its last change, else when it was checked; null without either. */
function pictureTime(item: AlertItem): number | null {
  const time = Date.parse(item.valueChanged ?? item.retrieved ?? '')
  return Number.isFinite(time) ? time : null
}

/**
 * One camera: its picture (a button to the larger view), title, when the picture is from ("Image updated 2 minutes
 * ago", in the visitor's language), where and who. Without a picture in the answer, a compact row that says so,
 * not an empty 4:3 box (known before the grid paints, so it moves nothing).
 */
function Camera({ item, t, now, onOpen }: { item: AlertItem; t: T; now: number; onOpen: (item: AlertItem) => void }) {
  const { locale, settings } = useLiveDisplay()
  const missing = (safeHttpUrl(item.image) ?? safeHttpUrl(item.dataLink)) === null
  const time = pictureTime(item)
  return (
    <li className={missing ? 'camera-off' : undefined}>
      {missing ? null : (
        <button type="button" className="camera-open" onClick={() => onOpen(item)}>
          <span className="sr-only">{t('cameras.view', { title: item.title })}</span>
          <Still item={item} t={t} />
        </button>
      )}
      <p className="camera-title">
        {item.title} <EditButton item={item} t={t} />
      </p>
      <p className="muted camera-time">
        {missing ? (
          <span className="tag tag-old">{t('cameras.unavailable')}</span>
        ) : (
          time !== null && <span>{t('cameras.taken', { ago: formatAgo(time, now, locale) })}</span>
        )}
      </p>
      <p className="muted">
        {[item.data.location ?? item.data.lines[0], distanceText(item.distance, settings, locale, t)].filter(Boolean).join(' · ')}
      </p>
      <p className="muted">
        <SourceCredit item={item} t={t} />
      </p>
    </li>
  )
}

/** Traffic cameras near the point (at most 60), sized by the image-size setting; a click opens a larger view. */
export function CamerasGrid() {
  const t = useT()
  const { locale, settings, timeZone } = useLiveDisplay()
  const now = useStore($now)
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState<AlertItem | null>(null)
  const show = (item: AlertItem): void => {
    setOpen(item)
    dialog.current?.showModal()
  }
  return (
    <SourceCard source={reaction} errorKey="error.cameras">
      {(data) => {
        if (!t) return null
        const cameras = data.cameras.messages
        const note = healthNote(data.cameras.health, 'cameras', cameras.length, now, locale, timeZone, t)
        if (!cameras.length)
          return (
            <div>
              <p className="empty-title">{t(data.cameras.health?.status === 'down' ? 'error.cameras' : 'empty.cameras')}</p>
              <HealthNote lines={note} titled={data.cameras.health?.status === 'down'} />
              <EmptyCoverage section="cameras" locale={locale} t={t} checked={!note} />
            </div>
          )
        return (
          <>
            <HealthNote lines={note} />
            <ul className="camera-grid" style={{ '--camera-min': `${120 + 60 * settings.imageSize}px` } as React.CSSProperties}>
              {cameras.map((item) => (
                <Camera key={item.id} item={item} t={t} now={now} onOpen={show} />
              ))}
            </ul>
            <dialog ref={dialog} className="camera-dialog" aria-label={open?.title ?? ''} onClose={() => setOpen(null)}>
              {open && (
                <>
                  <Still item={open} t={t} large />
                  <p>
                    <strong>{open.title}</strong>
                  </p>
                  <form method="dialog">
                    <button type="submit" className="button">
                      {t('cameras.close')}
                    </button>
                  </form>
                </>
              )}
            </dialog>
          </>
        )
      }}
    </SourceCard>
  )
}
