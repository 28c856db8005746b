/**
 * Puts values into a translated template's {{placeholders}}, so i18next stays off the client: islands
 * get the templates as labels or from the visitor dictionary chunks the browser loads.
 * @example fill('Visited {{ago}}', { ago: '5 minutes ago' }) // 'Visited 5 minutes ago'
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole)
}
