/**
 * Six store modules in one import: cities, locations, session, settings, reset and editor (the edit
 * dialog request). Every other store is imported by its own path, so a page loads only what it uses.
 */
export * from './cities.ts'
export * from './locations.ts'
export * from './session.ts'
export * from './settings.ts'
export { resetAll } from './reset.ts'
export * from './editor.ts'
