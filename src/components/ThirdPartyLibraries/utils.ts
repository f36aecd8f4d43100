/**
 * Filtering and sorting of the third-party libraries table, kept apart from the component so
 * that the unit tests can check them without a browser.
 */
import type { ThirdPartyLibrary } from '@site/src/utils/siteDataTypes';

export type LibraryColumn = 'name' | 'location' | 'version' | 'licence';
export type SortDirection = 'ascending' | 'descending';

/** The licence as a reader names it: "Apache 2.0", "MIT", "GPL 3.0+". */
export function licenceLabel(library: ThirdPartyLibrary): string {
  return library.licenseversion ? `${library.license} ${library.licenseversion}` : library.license;
}

function columnValue(library: ThirdPartyLibrary, column: LibraryColumn): string {
  switch (column) {
    case 'name':
      return library.name;
    case 'location':
      return library.location;
    case 'version':
      return library.version ?? '';
    case 'licence':
      return licenceLabel(library);
  }
}

/**
 * Made on the first sort, not when the module loads: the module comes with every page's MDX
 * components, and a page's first collator loads the locale's collation data (70 to 160 ms of
 * script at Lighthouse's 4x slowdown on this site's build machine).
 */
let collator: Intl.Collator | undefined;

/**
 * The libraries in the order asked for. Versions compare number by number (1.10 after 1.9); a
 * library whose version is not stated sorts last either way. Ties keep the name order.
 */
export function sortLibraries(libraries: readonly ThirdPartyLibrary[], column: LibraryColumn, direction: SortDirection): ThirdPartyLibrary[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const byText = (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
  return [...libraries].sort((a, b) => {
    const left = columnValue(a, column);
    const right = columnValue(b, column);
    if (!left !== !right) {
      return left ? -1 : 1;
    }
    return sign * byText.compare(left, right) || byText.compare(a.name, b.name) || byText.compare(a.location, b.location);
  });
}

/**
 * The libraries matching every word of the query, in any of name, location, version, licence,
 * description or copyright holders, ignoring case.
 */
export function filterLibraries(libraries: readonly ThirdPartyLibrary[], query: string): ThirdPartyLibrary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) {
    return [...libraries];
  }
  return libraries.filter((library) => {
    const text = [library.name, library.location, library.version ?? '', licenceLabel(library), library.description ?? '', ...library.copyrightHolders]
      .join('\n')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
