/**
 * Mermaid diagrams: the theme of each colour mode. The theme-mermaid plugin uses it for a
 * diagram drawn in the browser, and scripts/render-diagrams.ts draws every diagram of the pages
 * with it ahead of time (src/theme/Mermaid).
 */
export const mermaidThemes = { light: 'neutral', dark: 'dark' } as const;
