/**
 * The announcement bar: the early script that un-hides an announcement whose id changed since it
 * was dismissed, and what the bar announces, planned releases worded as plans.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { announcementIdScript } from '../../src/plugins/announcement-bar/utils';
import { announcement, announcementId, announcementText, type AnnouncementPart } from '../../src/utils/announcement';
import { readDataFile } from '../../src/utils/dataFiles';
import { releasedSeries } from '../../src/utils/moodleReleases';

function run(script: string, stored: Record<string, string>): Record<string, string> {
  const attributes: Record<string, string> = { 'data-announcement-bar-initially-dismissed': 'true' };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const document = {
    documentElement: {
      setAttribute: (name: string, value: string) => {
        attributes[name] = value;
      },
    },
  };
  // The script is plain browser JavaScript; run it with the two globals it touches.
  vm.runInNewContext(script, { localStorage, document });
  return attributes;
}

describe('announcementIdScript', () => {
  const script = announcementIdScript({ id: 'lts-4.1', storageNamespace: '' });

  it('un-hides the bar when the reader dismissed a different announcement', () => {
    expect(run(script, { 'docusaurus.announcement.id': 'lts-3.9' })['data-announcement-bar-initially-dismissed']).toBe('false');
  });

  it('un-hides the bar for a reader who never saw one', () => {
    expect(run(script, {})['data-announcement-bar-initially-dismissed']).toBe('false');
  });

  it('leaves a dismissed bar hidden while its id is unchanged', () => {
    expect(run(script, { 'docusaurus.announcement.id': 'lts-4.1' })['data-announcement-bar-initially-dismissed']).toBe('true');
  });

  it('reads the namespaced key when storage is namespaced', () => {
    const namespaced = announcementIdScript({ id: 'lts-4.1', storageNamespace: '-abc' });
    expect(run(namespaced, { 'docusaurus.announcement.id-abc': 'lts-4.1' })['data-announcement-bar-initially-dismissed']).toBe('true');
  });
});

describe('announcement', () => {
  const series = [
    { name: '9.3', releaseDate: '2032-10-04', isLTS: false },
    { name: '9.2', releaseDate: '2032-04-05', isLTS: true },
    { name: '9.1', releaseDate: '2031-10-06', isLTS: false, isExperimental: true as const },
    { name: '9.0', releaseDate: '2031-04-07', isLTS: true },
  ];
  // Data read after every date above: all of them are confirmed.
  const confirmedOn = '2033-01-01';

  it('announces the newest LTS out on the day, from its release day on', () => {
    expect(announcement(series, '2032-04-04', confirmedOn).lts?.name).toBe('9.0');
    expect(announcement(series, '2032-04-05', confirmedOn).lts?.name).toBe('9.2');
  });

  it('adds a series due within two weeks, not one due later', () => {
    expect(announcement(series, '2032-09-19', confirmedOn).upcoming).toBeUndefined();
    expect(announcement(series, '2032-09-20', confirmedOn).upcoming?.name).toBe('9.3');
    expect(announcement(series, '2032-10-03', confirmedOn).upcoming?.name).toBe('9.3');
    expect(announcement(series, '2032-10-04', confirmedOn).upcoming).toBeUndefined();
  });

  it('never announces an experimental preview', () => {
    expect(announcement(series, '2031-09-25', confirmedOn).upcoming).toBeUndefined();
  });

  it('never takes a planned LTS for a released one: it names the plan beside the newest confirmed LTS', () => {
    // Data read on 2032-01-01: 9.2's release on 2032-04-05 is a plan.
    const onDay = announcement(series, '2032-04-05', '2032-01-01');
    expect(onDay.lts?.name).toBe('9.0');
    expect(onDay.plannedLts?.name).toBe('9.2');
    expect(announcement(series, '2032-04-04', '2032-01-01').plannedLts).toBeUndefined();
  });
});

/** The bar's text as a reader sees it: the words, and each link's text. */
const read = (parts: AnnouncementPart[]) => parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');
const link = (parts: AnnouncementPart[]) => parts.find((part) => typeof part !== 'string');

describe('announcementText on the site\'s release data', () => {
  const data = readDataFile('moodle-releases');
  const series = releasedSeries(data);

  it('reads as written for these facts of the data', () => {
    expect(data.source.date).toBe('2026-08-07');
    expect(series.find((entry) => entry.name === '5.3')).toMatchObject({ releaseDate: '2026-10-05', isLTS: true });
    expect(series.find((entry) => entry.name === '4.5')).toMatchObject({ releaseDate: '2024-10-07', isLTS: true });
  });

  it('says 5.3 is planned, never that it came out, after 5 October 2026', () => {
    const parts = announcementText(series, '2026-11-27', data.source.date);
    expect(read(parts)).toBe(
      "Moodle 5.3, the next long-term support release, is planned for 5 October 2026; not yet in this site's release data (7 August 2026). Read its release notes. The newest long-term support release in the data is Moodle 4.5, from 7 October 2024.",
    );
    expect(link(parts)).toEqual({ text: 'Read its release notes', to: '/general/releases/5.3' });
    expect(announcementId(series, '2026-11-27', data.source.date)).toBe('lts-5.3-planned');
  });

  it('says 5.3 is planned on its day, and is coming within two weeks before it', () => {
    expect(read(announcementText(series, '2026-10-05', data.source.date))).toMatch(/^Moodle 5\.3, the next long-term support release, is planned for 5 October 2026\. Read/);
    expect(read(announcementText(series, '2026-09-25', data.source.date))).toBe(
      'Moodle 4.5, the newest long-term support release, came out on 7 October 2024. Read its release notes. Moodle 5.3 is planned for 5 October 2026.',
    );
    expect(announcementId(series, '2026-09-25', data.source.date)).toBe('lts-4.5');
  });

  it('says 5.3 came out once newer data confirms it, with no other change', () => {
    const parts = announcementText(series, '2026-11-27', '2026-10-06');
    expect(read(parts)).toBe('Moodle 5.3, the newest long-term support release, came out on 5 October 2026. Read its release notes.');
    expect(link(parts)).toEqual({ text: 'Read its release notes', to: '/general/releases/5.3' });
    expect(announcementId(series, '2026-11-27', '2026-10-06')).toBe('lts-5.3');
  });
});
