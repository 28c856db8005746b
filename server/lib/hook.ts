// The validation hook of every route: a schema failure answers 400 { error } naming the field.
import type { Hook } from '@hono/zod-openapi'
import type { AppEnv } from '../env.ts'
import { invalidRequest } from './http.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hook's input and output types vary per route
export const hook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (!result.success) return c.json(invalidRequest(result.error, result.target), 400)
  return undefined
}
