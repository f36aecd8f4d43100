/**
 * Moodle Developer Resources: site configuration. This file only composes; each concern lives in
 * config/*.ts.
 */
import path from 'node:path';
import type { Config, PluginModule } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { announcementBar } from './config/announcementBar';
import { sharedDocsOptions } from './config/docs';
import { footer } from './config/footer';
import { mermaidThemes } from './config/mermaid';
import { navbar } from './config/navbar';
import { prism } from './config/prism';
import { pwaOptions } from './config/pwa';
import { algoliaThemeConfig, searchMode } from './config/search';
import { defaultEditUrl, organizationName, projectName, siteTagline, siteTitle } from './config/site';
import { ssrTemplate } from './config/ssrTemplate';
import { docsVersions } from './config/versions';
import { generalSidebarItems } from './config/sidebars';
import announcementBarPlugin from './src/plugins/announcement-bar';
import apiChangesPlugin from './src/plugins/api-changes';
import clientStartPlugin from './src/plugins/client-start';
import codeThemePlugin from './src/plugins/code-theme';
import localeDataPlugin from './src/plugins/locale-data';
import routeLoadingPlugin from './src/plugins/route-loading';
import markdownExportPlugin from './src/plugins/markdown-export';
import offlinePlugin from './src/plugins/offline';
import releaseNotesPlugin from './src/plugins/release-notes';
import searchIndexPlugin from './src/plugins/search-index';
import securityHeadersPlugin from './src/plugins/security-headers';
import siteDataPlugin from './src/plugins/site-data';
import { defaultDataDir, readDataFile } from './src/utils/dataFiles';
import { assertValidFrontMatter } from './src/utils/frontMatter';
import highlightCode from './src/remark/highlightCode';
import renderedDiagrams from './src/remark/renderedDiagrams';
import lazyHydration from './src/rehype/lazyHydration';

// ---------------------------------------------------------------------------------------------
// Environment flags, all optional.
// ---------------------------------------------------------------------------------------------

/** Origin the site is deployed at, used for canonical URLs, the sitemap and social cards. */
const siteUrl = process.env.SITE_URL ?? 'https://moodledev.io';

/** Path the site is served under, with leading and trailing slashes ("/" or "/devdocs/"). */
const baseUrl = process.env.BASE_URL ?? '/';

/** Base of "Edit this page" links: the repository's edit URL for the default branch. */
const editUrl = process.env.EDIT_URL ?? defaultEditUrl;

/**
 * Search backend: the local index unless ALGOLIA_APP_ID, ALGOLIA_API_KEY and
 * ALGOLIA_INDEX_NAME are all set (see config/search.ts).
 */
const search = searchMode(process.env);

// ---------------------------------------------------------------------------------------------

/**
 * Where the release data is read from: data/ unless RELEASE_DATA_DIR names a folder holding other
 * copies of moodle-releases.json and app-releases.json (the browser tests build the site once with
 * newer release data, to see planned releases become confirmed with no change to the code).
 */
const releaseDataDir = process.env.RELEASE_DATA_DIR ? path.resolve(process.env.RELEASE_DATA_DIR) : defaultDataDir;
const releases = readDataFile('moodle-releases', releaseDataDir);

const config: Config = {
  title: siteTitle,
  tagline: siteTagline,
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: false,
  organizationName,
  projectName,
  titleDelimiter: '|',

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'warn',

  customFields: { search: { mode: search.mode } },

  // .generated/static holds files written at build time, such as the release feed.
  staticDirectories: ['static', '.generated/static'],

  // Storage keys stay as the spec names them (theme, docusaurus.announcement.dismiss, …)
  // rather than carrying a per-site suffix.
  storage: { type: 'localStorage', namespace: false },

  i18n: {
    defaultLocale: 'en-AU',
    locales: ['en-AU'],
    localeConfigs: {
      'en-AU': { label: 'English (Australia)', direction: 'ltr', htmlLang: 'en-AU' },
    },
  },

  future: {
    v4: { removeLegacyPostBuildHeadAttribute: true, useCssCascadeLayers: true, siteStorageNamespacing: false, fasterByDefault: true, mdx1CompatDisabledByDefault: true },
    // Rspack, SWC and Lightning CSS through @docusaurus/faster.
    faster: true,
  },

  markdown: {
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
    async parseFrontMatter(params) {
      const result = await params.defaultParseFrontMatter(params);
      assertValidFrontMatter(path.relative(__dirname, params.filePath), result.frontMatter);
      return result;
    },
  },

  // Scripts start after the first paint, not before it (config/ssrTemplate.ts).
  ssrTemplate,

  themes: ['@docusaurus/theme-mermaid'],

  // Holds react-helmet-async's head writes until hydration is over, so the title never flickers;
  // prefetches the pages of visible links in idle time, each code file once; lets the tables a
  // page's first load leaves to the browser take focus when they overflow.
  clientModules: ['./src/clientModules/holdHeadUntilHydrated.ts', './src/clientModules/idlePrefetch.ts', './src/clientModules/staticTables.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          ...sharedDocsOptions({ editUrl }),
          // On a page's first load, React walks only the top-level elements of the article's
          // static blocks (<StaticBlock> is one of this site's MDX components).
          rehypePlugins: [lazyHydration],
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars/docs.ts',
          lastVersion: 'current',
          versions: docsVersions,
        } satisfies DocsOptions,
        blog: false,
        pages: {
          remarkPlugins: [highlightCode, renderedDiagrams],
          rehypePlugins: [lazyHydration],
          exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'],
        },
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      'content-docs',
      {
        ...sharedDocsOptions({ editUrl }),
        rehypePlugins: [lazyHydration],
        id: 'general',
        path: 'general',
        routeBasePath: 'general',
        sidebarPath: './sidebars/general.ts',
        sidebarItemsGenerator: generalSidebarItems,
      } satisfies DocsOptions,
    ],
    // Plugin<Content> is invariant in Content, and the plugin list is typed for unknown content.
    [siteDataPlugin as PluginModule, { dataDir: releaseDataDir, fallbackDataDir: defaultDataDir }],
    // Colours of the code that src/remark/highlightCode.ts highlights at build time.
    codeThemePlugin,
    // Each page's HTML names its own chunks; route components are built when first needed.
    routeLoadingPlugin,
    // main.js starts in steps, compiled off the main thread where the browser can.
    clientStartPlugin,
    // Docusaurus's code that every page runs while it starts, without the browser's locale data.
    localeDataPlugin,
    announcementBarPlugin,
    [releaseNotesPlugin, { editUrl, dataDir: releaseDataDir }],
    [searchIndexPlugin, { enabled: search.mode === 'local' }],
    // The Markdown version of every page, llms.txt and llms-full.txt, from the built pages.
    markdownExportPlugin,
    // The API changes data as /api-changes.json, for scripts and editors.
    apiChangesPlugin,
    // Offline mode: the web app manifest and worker code (offline), then the service worker
    // (production builds only), whose precache list waits for the search index above.
    offlinePlugin,
    ['@docusaurus/plugin-pwa', pwaOptions({ baseUrl })],
    // The Content-Security-Policy and other security headers, from the built pages, in _headers.
    [securityHeadersPlugin, { algoliaAppId: search.mode === 'algolia' ? search.appId : undefined }],
  ],

  themeConfig: {
    metadata: [{ name: 'keywords', content: 'Moodle, developer, documentation, plugins, API, LMS, PHP' }],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    docs: {
      versionPersistence: 'localStorage',
      sidebar: {
        hideable: true,
        autoCollapseCategories: true,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    announcementBar: announcementBar({ baseUrl, releases }),
    algolia: algoliaThemeConfig(search),
    navbar,
    footer,
    prism,
    mermaid: {
      theme: mermaidThemes,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
