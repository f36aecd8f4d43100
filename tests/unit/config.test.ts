/**
 * The site configuration carries the spec's constants (sections 1, 2.5, 3 and 9), reads its
 * environment flags, and derives the announcement bar from the release data.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@docusaurus/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcementBar } from '../../config/announcementBar';
import { footer } from '../../config/footer';
import { navbar } from '../../config/navbar';
import docsSidebars from '../../sidebars/docs';
import generalSidebars from '../../sidebars/general';
import { readDataFile } from '../../src/utils/dataFiles';
import type { MoodleReleasesData } from '../../src/utils/moodleReleases';

const siteRoot = path.resolve(__dirname, '../..');

async function loadConfig(env: Record<string, string | undefined> = {}): Promise<Config> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) {
    vi.stubEnv(name, value);
  }
  return (await import('../../docusaurus.config')).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('site configuration', () => {
  it('names the site and its locale as the spec does', async () => {
    const config = await loadConfig();
    expect(config.title).toBe('Moodle Developer Resources');
    expect(config.tagline).toMatch(/nurturing/i);
    expect(config.titleDelimiter).toBe('|');
    expect(config.trailingSlash).toBe(false);
    expect(config.i18n).toMatchObject({ defaultLocale: 'en-AU', locales: ['en-AU'], localeConfigs: { 'en-AU': { direction: 'ltr' } } });
    expect(config.organizationName).toBeTruthy();
    expect(config.projectName).toBeTruthy();
    expect(config.favicon && fs.existsSync(path.join(siteRoot, 'static', config.favicon))).toBe(true);
  });

  it('fails the build on broken links and anchors, and warns on broken Markdown links and duplicate routes', async () => {
    const config = await loadConfig();
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
  });

  it('defaults the base URL to / and reads url, baseUrl and the edit URL from the environment', async () => {
    const defaults = await loadConfig({ BASE_URL: undefined, SITE_URL: undefined });
    expect(defaults.baseUrl).toBe('/');
    const custom = await loadConfig({ SITE_URL: 'https://docs.example.org', BASE_URL: '/devdocs/', EDIT_URL: 'https://git.example.org/edit/main' });
    expect(custom.url).toBe('https://docs.example.org');
    expect(custom.baseUrl).toBe('/devdocs/');
    const announcement = (custom.themeConfig as { announcementBar: { content: string } }).announcementBar;
    expect(announcement.content).toMatch(/href="\/devdocs\/general\/releases\/\d+\.\d+"/);
    const docs = (custom.presets?.[0] as [string, { docs: { editUrl: string } }])[1].docs;
    expect(docs.editUrl).toBe('https://git.example.org/edit/main');
  });

  it('records the site version 4.0 in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(siteRoot, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toMatch(/^4\.0\./);
  });
});

describe('sidebars', () => {
  it('has the eight sidebars of spec 2.4', () => {
    expect(Object.keys({ ...docsSidebars, ...generalSidebars }).sort()).toEqual(
      ['docs', 'moodleapp', 'community', 'process', 'coding', 'documentation', 'releaseNotes', 'projects'].sort(),
    );
  });
});

describe('navbar and footer', () => {
  interface NavItem {
    to?: string;
    href?: string;
    type?: string;
  }
  const navItems: NavItem[] = navbar.items;
  const navbarTargets = navItems.map((item) => item.to ?? item.href ?? item.type);

  it('links the four sections, the version dropdown, legacy docs and search', () => {
    expect(navbarTargets).toEqual(
      expect.arrayContaining(['/docs', '/general/community/contribute', '/general/development/gettingstarted', '/general/development/process', 'docsVersionDropdown', 'search']),
    );
    expect(navItems.some((item) => item.href && /docs\.moodle\.org\/dev/.test(item.href))).toBe(true);
    expect(navbar.hideOnScroll).toBe(true);
    expect(navbar.logo).toMatchObject({ width: 138, height: 35 });
  });

  it('ends the version dropdown with "All versions" linking to /versions', () => {
    const dropdown = navItems.find((item) => item.type === 'docsVersionDropdown') as { dropdownItemsAfter: { to?: string; label?: string }[] };
    expect(dropdown.dropdownItemsAfter.at(-1)).toEqual({ to: '/versions', label: 'All versions' });
  });

  it('links the footer to the spec pages and external places, with a 2023 copyright', () => {
    const items: NavItem[] = footer.links.flatMap((column): NavItem[] => column.items);
    const internal = items.flatMap((item) => (item.to ? [item.to] : []));
    expect(internal).toEqual(['/general/releases', '/general/projects', '/general/documentation', '/general/documentation/code-of-conduct']);
    const external = items.flatMap((item) => (item.href ? [new URL(item.href).host] : []));
    expect(external).toEqual(expect.arrayContaining(['docs.moodle.org', 'moodle.org', 'github.com', 'x.com']));
    expect(footer.copyright).toContain('2023');
  });
});

describe('announcement bar', () => {
  const releases = readDataFile('moodle-releases');

  it('announces the newest LTS series out on the given day and takes its id from it', () => {
    const bar = announcementBar({ baseUrl: '/', releases, today: '2023-01-12' });
    expect(bar.id).toBe('lts-4.1');
    expect(bar.content).toContain('Moodle 4.1');
    expect(bar.content).toContain('href="/general/releases/4.1"');
    expect(announcementBar({ baseUrl: '/', releases, today: '2024-10-06' }).id).toBe('lts-4.1');
    expect(announcementBar({ baseUrl: '/', releases, today: '2024-10-07' }).id).toBe('lts-4.5');
    expect(bar.isCloseable).toBe(true);
    expect(bar.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(bar.textColor).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('words a planned LTS as a plan once its day has passed, and takes a new id for it', () => {
    // 5.3 is planned for 5 October 2026 in data read on 7 August 2026.
    const bar = announcementBar({ baseUrl: '/docs-site/', releases, today: '2026-11-27' });
    expect(bar.id).toBe('lts-5.3-planned');
    expect(bar.content).toBe(
      'Moodle 5.3, the next long-term support release, is planned for 5 October 2026; not yet in this site\'s release data (7 August 2026). <a href="/docs-site/general/releases/5.3">Read its release notes</a>. The newest long-term support release in the data is Moodle 4.5, from 7 October 2024.',
    );
    expect(bar.content).not.toContain('came out');
    // Newer data, read after 5 October 2026, confirms it.
    const newer: MoodleReleasesData = { ...releases, source: { ...releases.source, date: '2026-10-06' } };
    const confirmed = announcementBar({ baseUrl: '/', releases: newer, today: '2026-11-27' });
    expect(confirmed.id).toBe('lts-5.3');
    expect(confirmed.content).toBe('Moodle 5.3, the newest long-term support release, came out on 5 October 2026. <a href="/general/releases/5.3">Read its release notes</a>.');
  });

  it('changes its id when the data gains a newer LTS, so dismissed bars return', () => {
    const newer: MoodleReleasesData = structuredClone(releases);
    const series42 = newer.series.find((series) => series.name === '4.2');
    if (!series42) {
      throw new Error('the data has no 4.2 series to promote');
    }
    Object.assign(series42, { isLTS: true, releases: [{ ...newer.series[1].releases[0], version: '4.2.0', series: '4.2', releaseDate: series42.releaseDate }] });
    expect(announcementBar({ baseUrl: '/', releases: newer, today: '2023-06-01' }).id).toBe('lts-4.2');
  });
});
