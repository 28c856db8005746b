import { transformSync } from 'esbuild'
import source from './head-script.js?raw'

/** The head script, minified once per build process (it is inlined into every page). */
export const HEAD_SCRIPT = transformSync(source, { minify: true, target: 'es2015' }).code.trim()
