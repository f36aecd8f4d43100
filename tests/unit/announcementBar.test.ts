/** The early script that un-hides an announcement whose id changed since it was dismissed. */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { announcementIdScript } from '../../src/plugins/announcement-bar/utils';
import { announcement } from '../../src/utils/announcement';

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

  it('announces the newest LTS out on the day, from its release day on', () => {
    expect(announcement(series, '2032-04-04').lts?.name).toBe('9.0');
    expect(announcement(series, '2032-04-05').lts?.name).toBe('9.2');
  });

  it('adds a series due within two weeks, not one due later', () => {
    expect(announcement(series, '2032-09-19').upcoming).toBeUndefined();
    expect(announcement(series, '2032-09-20').upcoming?.name).toBe('9.3');
    expect(announcement(series, '2032-10-03').upcoming?.name).toBe('9.3');
    expect(announcement(series, '2032-10-04').upcoming).toBeUndefined();
  });

  it('never announces an experimental preview', () => {
    expect(announcement(series, '2031-09-25').upcoming).toBeUndefined();
  });
});
