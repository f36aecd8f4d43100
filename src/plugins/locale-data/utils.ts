/** Pure parts of the locale-data plugin (index.ts). */

export interface Replacement {
  /** The Docusaurus module replaced, by its path. */
  original: string;
  /** The name the stand-in imports the original by, when it re-exports the original's other exports. */
  alias?: string;
  /** The module that stands in for it. */
  standIn: string;
  /** Code of the original that the stand-in replaces, as Docusaurus wrote it. */
  replacedCode: string;
}

/** Throws, naming the file, if an original is missing or no longer holds the code its stand-in replaces. */
export function checkOriginals(replacements: readonly Replacement[], read: (file: string) => string): void {
  for (const { original, replacedCode, standIn } of replacements) {
    let code: string;
    try {
      code = read(original);
    } catch (error) {
      throw new Error(`locale-data: cannot read ${original}, which ${standIn} stands in for. Has Docusaurus moved it? Update src/plugins/locale-data.`, { cause: error });
    }
    if (!code.includes(replacedCode)) {
      throw new Error(
        `locale-data: ${original} no longer holds the code ${standIn} replaces (${replacedCode}). Docusaurus has changed it: check whether it still uses locale data while a page starts, then update or remove the stand-in in src/plugins/locale-data.`,
      );
    }
  }
}
