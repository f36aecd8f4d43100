/**
 * locale-data: keeps the browser's locale data out of what every page runs while it starts.
 *
 * A page's first collation, formatting or segmenting (`localeCompare`, `Intl.Collator`,
 * `Intl.Segmenter` …) loads the locale's data for it: 70 to 190 ms of script at Lighthouse's 4x
 * slowdown on this site's build machine, in whatever task asks first. Three Docusaurus modules
 * ask while pages start that show nothing needing it:
 * - the docs plugin's `getActivePlugin` (on every page: the navbar and the search bar ask for
 *   the active docs) sorts the docs instances by path with `localeCompare`;
 * - theme-common's `useShallowMemoObject` (the mobile menu's sidebar, code blocks' word wrap)
 *   sorts an object's keys with `localeCompare`, only to make their order stable;
 * - theme-common's `extractLeadingEmoji` (each doc card's title) makes an `Intl.Segmenter` when
 *   its module loads, and segments every title.
 * The bundler gives each module, where Docusaurus imports it, a stand-in in this folder that
 * re-exports the original (under an alias) and overrides that one function with one that gives
 * the same result without locale data (the emoji module's one function is replaced whole). The build fails if an original no longer holds the code replaced (an
 * upgrade of Docusaurus has changed it): see whether the stand-in is still needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { checkOriginals, type Replacement } from './utils';

const docsClient = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js'));
const themeCommonLib = path.dirname(require.resolve('@docusaurus/theme-common'));

/** The modules replaced, each with the code of the original that the stand-in replaces. */
export const replacements: Replacement[] = [
  {
    original: path.join(docsClient, 'docsClientUtils.js'),
    alias: '@locale-data/original/docsClientUtils',
    standIn: path.join(__dirname, 'docsClientUtils.ts'),
    replacedCode: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
  },
  {
    original: path.join(themeCommonLib, 'utils/reactUtils.js'),
    alias: '@locale-data/original/reactUtils',
    standIn: path.join(__dirname, 'reactUtils.ts'),
    replacedCode: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
  },
  {
    original: path.join(themeCommonLib, 'utils/emojiUtils.js'),
    standIn: path.join(__dirname, 'emojiUtils.ts'),
    replacedCode: "const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });",
  },
];

/** What the bundler's NormalModuleReplacementPlugin hands a function before resolving a request. */
interface ResolveData {
  context: string;
  request: string;
}

/** The stand-in for a request, if it names a replaced module from inside Docusaurus's code. */
export function standInFor({ context, request }: ResolveData): string | undefined {
  if (!request.startsWith('.')) {
    return undefined;
  }
  const target = path.resolve(context, request);
  return replacements.find(({ original }) => target === original || `${target}.js` === original)?.standIn;
}

export default function localeDataPlugin(): Plugin {
  checkOriginals(replacements, (file) => fs.readFileSync(file, 'utf8'));
  return {
    name: 'locale-data',
    configureWebpack(_config, _isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      const names = replacements.map(({ original }) => path.basename(original, '.js')).join('|');
      return {
        resolve: { alias: Object.fromEntries(replacements.flatMap(({ alias, original }) => (alias ? [[alias, original]] : []))) },
        plugins: [
          new NormalModuleReplacementPlugin(new RegExp(`(^|/)(${names})(\\.js)?$`), (resolveData: ResolveData) => {
            const standIn = standInFor(resolveData);
            if (standIn) {
              resolveData.request = standIn;
            }
          }),
        ],
      };
    },
  };
}
