/** The early script that un-hides an announcement whose id changed since it was dismissed. */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { announcementIdScript } from '../../src/plugins/announcement-bar/utils';

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
