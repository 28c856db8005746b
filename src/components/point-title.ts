import { transformSync } from 'esbuild'
import source from './point-title.js?raw'

/** The coordinate page's heading script, minified once per build process (it is inlined into each coordinate shell). */
export const POINT_TITLE_SCRIPT = transformSync(source, { minify: true, target: 'es2015' }).code.trim()
