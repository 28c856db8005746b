/**
 * Puts values into a translated template's {{placeholders}} (islands get templates as labels,
 * so the dictionary and i18next stay off the client).
 * @example fill('Visited {{ago}}', { ago: '5 minutes ago' }) // 'Visited 5 minutes ago'
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole)
}
