/**
 * code-theme: the CSS that colours highlighted code in each colour mode, written from the two
 * Prism themes of config/prism.ts (codeThemeCss in src/utils/codeHighlight.ts) and loaded on
 * every page. The code itself is highlighted at build time by src/remark/highlightCode.ts, so the
 * plugin also keeps Prism out of the code every page loads (noPrismAtStartup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { codeThemes } from '../../../config/prism';
import { codeThemeCss } from '../../utils/codeHighlight';

export default function codeThemePlugin(context: LoadContext): Plugin {
  const file = path.join(context.generatedFilesDir, 'code-theme', 'code-theme.css');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, codeThemeCss(codeThemes));
  // The theme loads Prism on every page through this client module; nothing needs it at startup.
  const themePrismModule = path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'prism-include-languages');
  return {
    name: 'code-theme',
    getClientModules() {
      return [file];
    },
    configureWebpack() {
      return { resolve: { alias: { [themePrismModule]: path.join(__dirname, 'noPrismAtStartup.ts') } } };
    },
  };
}
