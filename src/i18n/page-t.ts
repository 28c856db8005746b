// The page language's translator for page scripts (no React): $dictionary through the one translator.
import { computed } from 'nanostores'
import { pageLang } from '../lib/page-lang.ts'
import { $dictionary } from '../lib/stores/dictionary.ts'
import { translator, type T } from './translate.ts'

/**
 * The page language's translate function, or null until its dictionary chunk has loaded; it holds
 * the staff or assistant texts too once something asked for them (includeTexts).
 * @example $t.subscribe((t) => t && (label.textContent = t('banner.details')))
 */
export const $t = computed($dictionary, (dictionary): T | null => dictionary && translator(dictionary, pageLang()))
