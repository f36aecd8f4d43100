/**
 * Stands in for the theme's `prism-include-languages` client module, which imports Prism and
 * its extra languages into every page's startup code. Code blocks arrive highlighted from the
 * build (src/remark/highlightCode.ts), so pages need no Prism when they load: the rare block the
 * build leaves alone loads it on demand (src/theme/CodeBlock/lazyHighlight.ts).
 */
export {};
