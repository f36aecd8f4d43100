/**
 * Options shared by both docs instances: the developer docs (/docs, versioned) and the general
 * section (/general). Each instance adds its own paths, sidebars and versions in
 * docusaurus.config.ts.
 */
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import highlightCode from '../src/remark/highlightCode';
import renderedDiagrams from '../src/remark/renderedDiagrams';
import trackerLinks from '../src/remark/trackerLinks';

export function sharedDocsOptions({ editUrl }: { editUrl: string }) {
  return {
    editUrl,
    // Every page shows who last changed it and when, read from git.
    showLastUpdateAuthor: true,
    showLastUpdateTime: true,
    // Tags are declared per instance in its tags.yml; using an undeclared one fails the build
    // with the file's path and the tag's name.
    tags: 'tags.yml',
    onInlineTags: 'throw',
    // Long files such as release notes are split into pages; numbering files is not used.
    numberPrefixParser: false,
    // A bare tracker key (MDL-12345) in a page's text links to the tracker; code blocks are
    // highlighted and diagrams drawn when the page is compiled.
    remarkPlugins: [trackerLinks, highlightCode, renderedDiagrams],
  } satisfies DocsOptions;
}
