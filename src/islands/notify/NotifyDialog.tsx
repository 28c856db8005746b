import { useEffect, useRef, useState } from 'react'
import { translator, type Texts } from '../../i18n/translate.ts'
import type { Priority } from '../../lib/items.ts'
import {
  $notify,
  followPlace,
  followed,
  NotifyError,
  pushSupport,
  requestEmailAlerts,
  unfollowPlace,
} from '../../lib/notify/client.ts'
import { defaultPlacePrefs, NOTIFY_SECTIONS, type NotifySection, type PlacePrefs } from '../../lib/notify/prefs.ts'
import type { Locale } from '../../lib/routing/routes.ts'

/** The priorities offered (the ones every language names). */
const OFFERED = ['Critical', 'Urgent', 'Warning', 'Normal', 'Info'] as const satisfies readonly Priority[]

/** "Notify me" for one place: sections, lowest priority, quiet hours; save or stop. A modal dialog. */
export function NotifyDialog(props: { place: string; placeName: string; locale: Locale; texts: Texts; onClose: () => void }) {
  const { place, placeName, locale, texts, onClose } = props
  const t = translator(texts, locale)
  const known = followed($notify.get(), place)
  const [prefs, setPrefs] = useState<PlacePrefs>(known ?? defaultPlacePrefs(place))
  const [quiet, setQuiet] = useState(Boolean(known?.quiet))
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const [email, setEmail] = useState('')
  const [mode, setMode] = useState<'instant' | 'daily'>('instant')
  const [emailOff, setEmailOff] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const support = pushSupport()
  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true)
    setStatus('')
    try {
      await work()
      setStatus(done)
      onClose()
    } catch (error) {
      setStatus(t(error instanceof NotifyError && error.reason !== 'failed' ? `notify.${error.reason}` : 'notify.failed'))
    } finally {
      setBusy(false)
    }
  }
  const toggleSection = (section: NotifySection, on: boolean) =>
    setPrefs({ ...prefs, sections: NOTIFY_SECTIONS.filter((s) => (s === section ? on : prefs.sections.includes(s))) })
  const save = () =>
    run(
      () => followPlace({ ...prefs, quiet: quiet ? (prefs.quiet ?? { start: '22:00', end: '07:00' }) : null }, locale),
      t('notify.saved', { place: placeName }),
    )

  return (
    <dialog ref={dialog} className="notify-dialog" aria-labelledby="notify-h" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <h2 id="notify-h">{t('notify.dialogTitle', { place: placeName })}</h2>
        {support === 'install' && <p className="notice">{t('notify.installFirst')}</p>}
        {support === 'unsupported' && <p className="notice">{t('notify.unsupported')}</p>}
        <fieldset>
          <legend>{t('notify.sections')}</legend>
          {NOTIFY_SECTIONS.map((section) => (
            <label key={section}>
              <input
                type="checkbox"
                name="section"
                value={section}
                checked={prefs.sections.includes(section)}
                onChange={(event) => toggleSection(section, event.currentTarget.checked)}
              />{' '}
              {t(`nav.${section}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('notify.minPriority')}{' '}
          <select
            name="minPriority"
            value={prefs.minPriority}
            onChange={(event) => setPrefs({ ...prefs, minPriority: event.currentTarget.value as Priority })}
          >
            {OFFERED.map((priority) => (
              <option key={priority} value={priority}>
                {t(`priority.${priority.toLowerCase() as Lowercase<(typeof OFFERED)[number]>}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>
            <label>
              <input type="checkbox" name="quiet" checked={quiet} onChange={(event) => setQuiet(event.currentTarget.checked)} />{' '}
              {t('notify.quiet')}
            </label>
          </legend>
          {quiet && (
            <>
              <label>
                {t('notify.quietFrom')}{' '}
                <input
                  type="time"
                  name="quietStart"
                  required
                  value={prefs.quiet?.start ?? '22:00'}
                  onChange={(event) =>
                    setPrefs({ ...prefs, quiet: { start: event.currentTarget.value, end: prefs.quiet?.end ?? '07:00' } })
                  }
                />
              </label>{' '}
              <label>
                {t('notify.quietTo')}{' '}
                <input
                  type="time"
                  name="quietEnd"
                  required
                  value={prefs.quiet?.end ?? '07:00'}
                  onChange={(event) =>
                    setPrefs({ ...prefs, quiet: { start: prefs.quiet?.start ?? '22:00', end: event.currentTarget.value } })
                  }
                />
              </label>
            </>
          )}
        </fieldset>
        {!emailOff && (
          <fieldset>
            <legend>{t('notify.email')}</legend>
            <label>
              {t('notify.emailAddress')}{' '}
              <input
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
            </label>{' '}
            <label>
              {t('notify.emailMode')}{' '}
              <select
                name="mode"
                value={mode}
                onChange={(event) => setMode(event.currentTarget.value === 'daily' ? 'daily' : 'instant')}
              >
                <option value="instant">{t('notify.emailInstant')}</option>
                <option value="daily">{t('notify.emailDaily')}</option>
              </select>
            </label>{' '}
            <button
              type="button"
              disabled={busy || !/^[^@\s]+@[^@\s]+$/.test(email) || !prefs.sections.length}
              onClick={() =>
                void requestEmailAlerts(email.trim(), prefs, mode, locale).then((outcome) => {
                  if (outcome === 'off') setEmailOff(true)
                  setStatus(outcome === 'sent' ? t('notify.emailSent') : outcome === 'failed' ? t('notify.failed') : '')
                })
              }
            >
              {t('notify.emailSend')}
            </button>
          </fieldset>
        )}
        <p role="status" aria-live="polite">
          {status}
        </p>
        <div className="actions">
          <button type="submit" disabled={busy || !prefs.sections.length || support === 'unsupported'}>
            {t('notify.save')}
          </button>
          {known && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => unfollowPlace(place), t('notify.stopped', { place: placeName }))}
            >
              {t('notify.stop')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('notify.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
