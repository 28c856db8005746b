import { useId } from 'react'

type Option<T extends string> = { value: T; label: string; swatch?: string }

/** A labelled group of radio buttons; the change goes straight to a store action. */
export function Choice<T extends string>(props: {
  legend: string
  value: T
  options: Option<T>[]
  onChange: (value: T) => void
}) {
  const name = useId()
  return (
    <fieldset className="choice">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.swatch && <span className="swatch" data-swatch={option.swatch} aria-hidden="true" />}
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}

/** A labelled checkbox bound to one boolean setting. */
export function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="toggle">
      <input type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />
      {props.label}
    </label>
  )
}
