// The assistant panel (issue 8): a non-modal dialog with the conversation as a polite live log, example
// questions while it is empty, and a labelled, length-limited input with a send button. Everything shown
// is text (React text nodes), never HTML. Escape or the close button closes it and returns focus.
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { QUESTION_MAX } from '../../lib/assistant/limits.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { $assistantOpen, $conversation, ask, closeAssistant } from '../../lib/stores/assistant.ts'
import { useT } from '../../i18n/use-t.ts'
import { Turns } from './Turns.tsx'
import '../../styles/assistant.css'

const EXAMPLES = [
  'assistant.example.rain',
  'assistant.example.temperature',
  'assistant.example.air',
  'assistant.example.open',
] as const

export function ChatPanel({ toggle }: { toggle: HTMLElement | null }) {
  const t = useT()
  const open = useStore($assistantOpen)
  const turns = useStore($conversation)
  const [draft, setDraft] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const locale = pageLang()

  useEffect(() => {
    if (open && t) input.current?.focus()
  }, [open, t])

  if (!t) return null
  const close = (): void => {
    closeAssistant()
    toggle?.focus()
  }
  const send = (text: string): void => {
    if (!text.trim()) return
    setDraft('')
    void ask(text, locale)
    input.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    close()
  }

  return (
    <section className="assistant" role="dialog" aria-labelledby="assistant-title" hidden={!open} onKeyDown={onKeyDown}>
      <header className="assistant-head">
        <h2 id="assistant-title">{t('assistant.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('assistant.close')} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <Turns turns={turns} t={t} intro={turns.length === 0 ? t('assistant.intro') : null} />
      {turns.length === 0 && (
        <div className="assistant-examples">
          <p id="assistant-examples">{t('assistant.suggestions')}</p>
          <ul aria-labelledby="assistant-examples">
            {EXAMPLES.map((key) => (
              <li key={key}>
                <button type="button" onClick={() => send(t(key))}>
                  {t(key)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="assistant-form"
        onSubmit={(event) => {
          event.preventDefault()
          send(draft)
        }}
      >
        <label htmlFor="assistant-input">{t('assistant.label')}</label>
        <div className="assistant-row">
          <input
            id="assistant-input"
            ref={input}
            type="text"
            value={draft}
            maxLength={QUESTION_MAX}
            placeholder={t('assistant.placeholder')}
            autoComplete="off"
            aria-describedby="assistant-count"
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit">{t('assistant.send')}</button>
        </div>
        <p id="assistant-count" className="assistant-count">
          {t('assistant.count', { used: String(draft.length), max: String(QUESTION_MAX) })}
        </p>
      </form>
    </section>
  )
}
