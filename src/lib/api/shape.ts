/**
 * A small shape checker for the API's answers (answers.ts): each check is a type guard, and an object's
 * type is inferred from its fields as zod infers it (`optional` fields become `?:`), so answers.ts can pin
 * each check to the server's type. zod/mini did the same in 16.8 KB gzip as built here, more than the
 * city pages' size budget leaves; this is well under 1 KB. Extra fields are allowed: an answer is handed
 * over as it came.
 */

/** A check of one value: true when the value has the type. */
export type Check<T> = (value: unknown) => value is T
/** A field that may be left out (or be undefined). */
type Optional<T> = Check<T | undefined> & { readonly optional: true }
/** The type a check checks. */
export type Infer<C> = C extends Check<infer T> ? T : never

type Fields = Record<string, Check<unknown>>
type OptionalKeys<S extends Fields> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S]
type Flat<T> = { [K in keyof T]: T[K] }
type ObjectOf<S extends Fields> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>

export const text: Check<string> = (value) => typeof value === 'string'
export const number: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value)
export const int: Check<number> = (value): value is number => Number.isInteger(value)
export const boolean: Check<boolean> = (value) => typeof value === 'boolean'
/** Any value: for the answers the client reads by their status only. */
export const unknown: Check<unknown> = (value): value is unknown => (void value, true)

export const literal =
  <const T extends string | number | boolean>(expected: T): Check<T> =>
  (value): value is T =>
    value === expected
export const oneOf =
  <const T extends readonly string[]>(values: T): Check<T[number]> =>
  (value): value is T[number] =>
    values.includes(value as string)
export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value)
export const optional = <T>(check: Check<T>): Optional<T> =>
  Object.assign((value: unknown): value is T | undefined => value === undefined || check(value), { optional: true as const })
export const array =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check)
/** A plain object whose values all pass the check (any keys). */
export const record =
  <T>(check: Check<T>): Check<Record<string, T>> =>
  (value): value is Record<string, T> =>
    isObject(value) && Object.values(value).every(check)
/** An object with these fields (others allowed). */
export const object =
  <S extends Fields>(fields: S): Check<ObjectOf<S>> =>
  (value): value is ObjectOf<S> =>
    isObject(value) && Object.entries(fields).every(([key, check]) => check(value[key]))

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
