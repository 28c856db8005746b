/** Every store of the app, in one place: islands import from here and call these actions only. */
export * from './cities.ts'
export * from './locations.ts'
export * from './session.ts'
export * from './settings.ts'
export { resetAll } from './reset.ts'
export * from './editor.ts'
