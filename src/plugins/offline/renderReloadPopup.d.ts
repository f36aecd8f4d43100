/** The PWA plugin's reload popup renderer, which ships without types. */
declare module '@docusaurus/plugin-pwa/lib/renderReloadPopup.js' {
  export function renderReloadPopup(props: { onReload: () => void }): Promise<void>;
}
