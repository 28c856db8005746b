// Labelled inputs of the staff forms: each with its hint and error tied to it for screen readers.
import type { ReactNode } from 'react'

type Common = { id: string; label: string; hint?: string | undefined; error?: string | undefined }

function described({ id, hint, error }: Common): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return ids || undefined
}

function Notes({ id, hint, error }: Common) {
  return (
    <>
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  )
}

/** A text input, or a text area when `rows` is given. */
export function TextInput(
  props: Common & {
    value: string
    onChange: (value: string) => void
    rows?: number
    type?: 'text' | 'url' | 'tel' | 'number' | 'datetime-local' | 'search' | 'email'
    maxLength?: number | undefined
    inputMode?: 'decimal' | 'numeric' | 'text'
    list?: string
    autoComplete?: string
    spellCheck?: boolean
    className?: string
    readOnly?: boolean
  },
) {
  const shared = {
    id: props.id,
    value: props.value,
    maxLength: props.maxLength ?? 2000,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described(props),
    spellCheck: props.spellCheck,
    readOnly: props.readOnly,
  }
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.rows ? (
        <textarea {...shared} rows={props.rows} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          list={props.list}
          autoComplete={props.autoComplete ?? 'off'}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <Notes {...props} />
    </div>
  )
}

/** A select of fixed options ([value, label]). */
export function SelectInput(
  props: Common & { value: string; onChange: (value: string) => void; options: readonly (readonly [string, string])[] },
) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        aria-describedby={described(props)}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <Notes {...props} />
    </div>
  )
}

/** A checkbox with its label after it. */
export function CheckInput(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="field field-check">
      <input id={props.id} type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  )
}

/** A titled group of fields. */
export const FieldGroup = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="field-group">
    <legend>{legend}</legend>
    {children}
  </fieldset>
)
