import { useEffect, useRef, useState, type ReactNode } from 'react'
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
const EMAIL = /^[^@\s]+@[^@\s]+$/

type Channel = 'push' | 'email'
/** What the sheet shows once its one action is done: what was saved, for which place, and how to stop. */
type Result = { kind: 'push'; prefs: PlacePrefs } | { kind: 'email' } | { kind: 'stopped' }

/**
 * "Notify me" for one place (issue 38): a sheet (a bottom sheet on phones, a centred dialog with a backdrop on wide
 * screens) with one main action. The visitor picks how (this device's push, or email where the server has it), what
 * (sections, lowest priority, quiet hours for push); a failure says its cause and the next step; a success says what
 * was saved, for which place, and how to stop.
 */
export function NotifyDialog(props: { place: string; placeName: string; locale: Locale; texts: Texts; onClose: () => void }) {
  const { place, placeName, locale, texts, onClose } = props
  const t = translator(texts, locale)
  const known = followed($notify.get(), place)
  const support = pushSupport()
  const [prefs, setPrefs] = useState<PlacePrefs>(known ?? defaultPlacePrefs(place))
  const [quiet, setQuiet] = useState(Boolean(known?.quiet))
  const [channel, setChannel] = useState<Channel>(support === 'unsupported' ? 'email' : 'push')
  const [email, setEmail] = useState('')
  const [mode, setMode] = useState<'instant' | 'daily'>('instant')
  const [emailOff, setEmailOff] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string[]>([])
  const [result, setResult] = useState<Result | null>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])

  // The cause and the next step of a failure, one sentence each.
  const problemOf = (error: unknown): string[] => {
    if (!(error instanceof NotifyError)) return [t('notify.failed')]
    if (error.reason === 'denied') return [t('notify.denied'), t('notify.deniedHint')]
    if (error.reason === 'unsupported') return [t('notify.unsupported'), t('notify.unsupportedHint')]
    if (error.reason === 'refused') return [t('notify.refused', { detail: error.detail || '—' })]
    return [t(`notify.${error.reason}`)]
  }
  const run = async (work: () => Promise<Result | null>) => {
    setBusy(true)
    setProblem([])
    try {
      const done = await work()
      if (done) setResult(done)
    } catch (error) {
      setProblem(problemOf(error))
    } finally {
      setBusy(false)
    }
  }
  const toggleSection = (section: NotifySection, on: boolean) =>
    setPrefs({ ...prefs, sections: NOTIFY_SECTIONS.filter((s) => (s === section ? on : prefs.sections.includes(s))) })
  const kept = (): PlacePrefs => ({ ...prefs, quiet: quiet ? (prefs.quiet ?? { start: '22:00', end: '07:00' }) : null })
  const submit = () =>
    run(async () => {
      if (channel === 'push') {
        const chosen = kept()
        await followPlace(chosen, locale)
        return { kind: 'push', prefs: chosen }
      }
      const outcome = await requestEmailAlerts(email.trim(), prefs, mode, locale)
      if (outcome === 'failed') throw new NotifyError('failed')
      if (outcome === 'sent') return { kind: 'email' }
      // The operator has not set up email: the option goes, and the sheet says why.
      setEmailOff(true)
      setChannel('push')
      return null
    })
  const stop = () =>
    run(async () => {
      await unfollowPlace(place)
      return { kind: 'stopped' }
    })

  const pushBlocked = support === 'ok' && typeof Notification !== 'undefined' && Notification.permission === 'denied'
  const ready =
    prefs.sections.length > 0 && (channel === 'push' ? support !== 'unsupported' : EMAIL.test(email.trim()) && !emailOff)
  const mainLabel = channel === 'email' ? t('notify.emailSend') : known ? t('notify.saveChanges') : t('notify.turnOn')
  const summary = (kept: PlacePrefs) =>
    t('notify.summary', {
      sections: kept.sections.map((section) => t(`nav.${section}`)).join(', '),
      priority: t(`priority.${kept.minPriority.toLowerCase() as Lowercase<(typeof OFFERED)[number]>}`),
    }) + (kept.quiet ? ` · ${t('notify.quiet')}: ${kept.quiet.start}–${kept.quiet.end}` : '')
  const howToStop = t('notify.howToStop', {
    on: t('notify.on'),
    settings: `${t('nav.settings')} → ${t('notify.settingsTitle')}`,
  })

  return (
    <dialog ref={dialog} className="sheet notify-sheet" aria-labelledby="notify-h" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (result) onClose()
          else void submit()
        }}
      >
        <header className="sheet-head">
          <h2 id="notify-h">{t('notify.dialogTitle', { place: placeName })}</h2>
          <button type="button" className="icon-btn" aria-label={t('notify.close')} onClick={onClose}>
            ×
          </button>
        </header>
        {result ? (
          <div className="sheet-body notify-result" role="status">
            {result.kind === 'push' && (
              <>
                <p className="notify-done">{t('notify.saved', { place: placeName })}</p>
                <p>{summary(result.prefs)}</p>
                <p className="muted">{howToStop}</p>
              </>
            )}
            {result.kind === 'email' && (
              <>
                <p className="notify-done">{t('notify.emailSent')}</p>
                <p>{summary(prefs)}</p>
                <p className="muted">{t('notify.emailStop')}</p>
              </>
            )}
            {result.kind === 'stopped' && <p className="notify-done">{t('notify.stopped', { place: placeName })}</p>}
          </div>
        ) : (
          <div className="sheet-body">
            {support === 'install' && <p className="notice">{t('notify.installFirst')}</p>}
            <fieldset className="notify-options notify-channel">
              <legend>{t('notify.channel')}</legend>
              <Option
                type="radio"
                name="channel"
                checked={channel === 'push'}
                disabled={support === 'unsupported'}
                onChange={() => setChannel('push')}
                hint={support === 'unsupported' ? t('notify.unsupported') : t('notify.viaPushHint')}
              >
                {t('notify.viaPush')}
              </Option>
              {!emailOff && (
                <Option
                  type="radio"
                  name="channel"
                  checked={channel === 'email'}
                  onChange={() => setChannel('email')}
                  hint={t('notify.viaEmailHint')}
                >
                  {t('notify.viaEmail')}
                </Option>
              )}
            </fieldset>
            {emailOff && <p className="muted">{t('notify.emailOff')}</p>}
            {support === 'unsupported' && <p className="muted">{t('notify.unsupportedHint')}</p>}
            {channel === 'push' && pushBlocked && (
              <div className="notice" role="note">
                <p>{t('notify.denied')}</p>
                <p>{t('notify.deniedHint')}</p>
              </div>
            )}
            <fieldset className="notify-options notify-chips">
              <legend>{t('notify.sections')}</legend>
              {NOTIFY_SECTIONS.map((section) => (
                <Option
                  key={section}
                  type="checkbox"
                  name="section"
                  checked={prefs.sections.includes(section)}
                  onChange={(on) => toggleSection(section, on)}
                >
                  {t(`nav.${section}`)}
                </Option>
              ))}
            </fieldset>
            <fieldset className="notify-options notify-chips">
              <legend>{t('notify.minPriority')}</legend>
              {OFFERED.map((priority) => (
                <Option
                  key={priority}
                  type="radio"
                  name="minPriority"
                  checked={prefs.minPriority === priority}
                  onChange={() => setPrefs({ ...prefs, minPriority: priority })}
                >
                  {t(`priority.${priority.toLowerCase() as Lowercase<(typeof OFFERED)[number]>}`)}
                </Option>
              ))}
            </fieldset>
            {channel === 'push' ? (
              <fieldset className="notify-options">
                <legend className="sr-only">{t('notify.quiet')}</legend>
                <Option type="checkbox" name="quiet" checked={quiet} onChange={setQuiet}>
                  {t('notify.quiet')}
                </Option>
                {quiet && (
                  <div className="notify-times">
                    <label>
                      {t('notify.quietFrom')}
                      <input
                        type="time"
                        name="quietStart"
                        required
                        value={prefs.quiet?.start ?? '22:00'}
                        onChange={(event) =>
                          setPrefs({ ...prefs, quiet: { start: event.currentTarget.value, end: prefs.quiet?.end ?? '07:00' } })
                        }
                      />
                    </label>
                    <label>
                      {t('notify.quietTo')}
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
                  </div>
                )}
              </fieldset>
            ) : (
              <>
                <label className="notify-field">
                  {t('notify.emailAddress')}
                  <input
                    type="email"
                    name="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                  />
                </label>
                <fieldset className="notify-options notify-chips">
                  <legend>{t('notify.emailMode')}</legend>
                  <Option type="radio" name="mode" checked={mode === 'instant'} onChange={() => setMode('instant')}>
                    {t('notify.emailInstant')}
                  </Option>
                  <Option type="radio" name="mode" checked={mode === 'daily'} onChange={() => setMode('daily')}>
                    {t('notify.emailDaily')}
                  </Option>
                </fieldset>
              </>
            )}
            <div className="notify-problem" role="alert">
              {problem.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </div>
        )}
        <footer className="sheet-foot">
          {result ? (
            <button type="submit" className="btn-primary">
              {t('notify.done')}
            </button>
          ) : (
            <>
              {known && channel === 'push' && (
                <button type="button" className="btn-quiet notify-stop" disabled={busy} onClick={() => void stop()}>
                  {t('notify.stop')}
                </button>
              )}
              <button type="button" className="btn-quiet" onClick={onClose}>
                {t('notify.cancel')}
              </button>
              <button type="submit" className="btn-primary" disabled={busy || !ready} aria-busy={busy}>
                {mainLabel}
              </button>
            </>
          )}
        </footer>
      </form>
    </dialog>
  )
}

/** One checkbox or radio as a row or chip of at least 44 px, with an optional second line. */
function Option(props: {
  type: 'checkbox' | 'radio'
  name: string
  checked: boolean
  disabled?: boolean
  hint?: string
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label className="notify-option">
      <input
        type={props.type}
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <span>
        {props.children}
        {props.hint && <small>{props.hint}</small>}
      </span>
    </label>
  )
}
