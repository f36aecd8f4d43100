/**
 * The sections search results are grouped by: the first level of the result groups in the
 * search modal, and the section choice on the /search page. Used by the index builder and the
 * browser alike.
 */

const sections: [RegExp, string | ((match: RegExpMatchArray) => string)][] = [
  [/^\/docs\/(\d+\.\d+)(\/|$)/, (match) => `Developer docs ${match[1]}`],
  [/^\/docs(\/|$)/, 'Developer docs'],
  [/^\/general\/releases(\/|$)/, 'Release notes'],
  [/^\/general\/(app|app_releases)(\/|$)/, 'Moodle App'],
  [/^\/general\/development\/process(\/|$)/, 'Process'],
  [/^\/general\/development(\/|$)/, 'Coding'],
  [/^\/general\/community(\/|$)/, 'Community'],
  [/^\/general\/documentation(\/|$)/, 'About these docs'],
  [/^\/general\/projects(\/|$)/, 'Projects'],
];

/** Section of pages outside every other section (the home page, /versions…). */
export const otherSection = 'Moodle Developer Resources';

/** The section a route (without the base URL) belongs to. */
export function searchSection(route: string): string {
  for (const [pattern, label] of sections) {
    const match = route.match(pattern);
    if (match) {
      return typeof label === 'string' ? label : label(match);
    }
  }
  return otherSection;
}

/** The section a route is filtered under: its section without a docs version ("Developer docs"). */
export function searchSectionFilter(route: string): string {
  return searchSection(route).replace(/ \d+\.\d+$/, '');
}

/** The sections a reader can restrict a search to (docs versions are chosen separately). */
export const searchableSections = ['Developer docs', 'Release notes', 'Moodle App', 'Coding', 'Process', 'Community', 'Projects', 'About these docs'];
