// The conversation log: each question and its answer as plain text, the newest kept in view.
import { useEffect, useRef } from 'react'
import type { Turn } from '../../lib/stores/assistant.ts'
import type { T } from '../../i18n/use-t.ts'

export function Turns({ turns, t, intro }: { turns: Turn[]; t: T; intro: string | null }) {
  const log = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
  }, [turns])
  return (
    // Focusable so keyboard users can scroll a long conversation.
    <div className="assistant-log" role="log" aria-live="polite" aria-labelledby="assistant-title" tabIndex={0} ref={log}>
      {intro && <p className="assistant-intro">{intro}</p>}
      {turns.map((turn) => (
        <div key={turn.id} className="assistant-turn">
          <p className="assistant-q">
            <span className="sr-only">{t('assistant.you')}: </span>
            {turn.question}
          </p>
          {turn.state === 'thinking' ? (
            <p className="assistant-a assistant-thinking">{t('assistant.thinking')}</p>
          ) : (
            <div className="assistant-a" data-via={turn.via}>
              <p>
                <span className="sr-only">{t('assistant.bot')}: </span>
                {turn.text}
              </p>
              {turn.cite && <p className="assistant-cite">{turn.cite}</p>}
            </div>
          )}
        </div>
      ))}
    </div>
  )
}
