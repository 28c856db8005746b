import type { T } from '../../i18n/use-t.ts'
import { localProblems } from '../../lib/messages.ts'
import type { Failure } from '../../lib/stores/form.ts'

/** One labelled text input of a staff form. */
export function Field(props: {
  id: string
  label: string
  type: 'email' | 'password' | 'text'
  autoComplete: string
  value: string
  onChange: (value: string) => void
  maxLength?: number
}) {
  return (
    <p>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        maxLength={props.maxLength ?? 1024}
      />
    </p>
  )
}

/** A form's error, announced when it appears. */
export const FormError = ({ message }: { message: string }) => (
  <p className="form-error" role="alert">
    {message}
  </p>
)

/** A failure's text in the page's language: by its key or its codes; an answer without a known code as it came. */
export function failureText(failure: Failure, t: T): string {
  if ('key' in failure) return t(failure.key)
  if ('problems' in failure) return localProblems(failure.problems, t)
  return 'text' in failure ? failure.text : failure.message
}
