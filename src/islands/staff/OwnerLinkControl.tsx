import { useState } from 'react'
import { pageLocale } from '../../lib/client/page.ts'
import { failure } from '../../lib/stores/form.ts'
import { createOwnerLink } from '../../lib/stores/owner-link.ts'
import type { T } from '../../i18n/use-t.ts'
import { failureText } from './Field.tsx'

type Step =
  | { step: 'idle' }
  | { step: 'confirm' }
  | { step: 'busy' }
  | { step: 'done'; url: string; expiresAt: string; copied: boolean }
  | { step: 'error'; message: string }

/**
 * "Create owner link" on a business: says first that a new link voids the old one, then shows the
 * link once with a copy button and the day it stops working (only the key's hash is kept on the server).
 */
export function OwnerLinkControl({ id, title, t }: { id: number; title: string; t: T }) {
  const [state, setState] = useState<Step>({ step: 'idle' })
  const label = t('editor.ownerCreateFor', { title })
  const create = (): void => {
    setState({ step: 'busy' })
    createOwnerLink(id, location.origin, pageLocale).then(
      ({ url, expiresAt }) => setState({ step: 'done', url, expiresAt, copied: false }),
      (error: unknown) => setState({ step: 'error', message: failureText(failure(error, 'get_failed'), t) }),
    )
  }
  if (state.step === 'idle')
    return (
      <button type="button" className="button" aria-label={label} onClick={() => setState({ step: 'confirm' })}>
        {t('editor.ownerCreate')}
      </button>
    )
  if (state.step === 'confirm' || state.step === 'busy')
    return (
      <span className="confirm owner-link" role="group" aria-label={label}>
        <span>{t('editor.ownerVoidsOld')}</span>{' '}
        <button type="button" className="button primary" disabled={state.step === 'busy'} onClick={create}>
          {t('editor.ownerConfirm')}
        </button>{' '}
        <button type="button" className="button" autoFocus onClick={() => setState({ step: 'idle' })}>
          {t('edit.cancel')}
        </button>
      </span>
    )
  if (state.step === 'error')
    return (
      <span className="owner-link" role="alert">
        {state.message}{' '}
        <button type="button" className="button" onClick={() => setState({ step: 'idle' })}>
          {t('editor.retry')}
        </button>
      </span>
    )
  return (
    <span className="owner-link" role="group" aria-label={label}>
      <label>
        <span>{t('editor.ownerLink')}</span>
        <input type="text" readOnly value={state.url} onFocus={(event) => event.currentTarget.select()} />
      </label>{' '}
      <button
        type="button"
        className="button"
        onClick={() =>
          void navigator.clipboard.writeText(state.url).then(
            () => setState({ ...state, copied: true }),
            () => undefined,
          )
        }
      >
        {t('editor.ownerCopy')}
      </button>
      <span role="status">{state.copied ? t('editor.ownerCopied') : t('editor.ownerShownOnce')}</span>{' '}
      <span className="hint">
        {t('editor.ownerExpires', {
          date: new Intl.DateTimeFormat(pageLocale, { dateStyle: 'long' }).format(new Date(state.expiresAt)),
        })}
      </span>
    </span>
  )
}
