/**
 * Text as the scenario pickers search it: lower case, accents dropped, en and
 * em dashes read as hyphens, so "Réno – CUBIC" matches "reno - cubic". Shared
 * by the preset library (catalog.ts) and the page's picker (store/picker.ts),
 * which must not load the library to search.
 */
export function normalizeSearchText(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[–—]/g, '-');
}
