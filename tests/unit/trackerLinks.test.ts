/** Tracker keys: recognised, linked in page text by the remark plugin, refused when malformed. */
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import trackerLinks, { linkTrackerKeys } from '../../src/remark/trackerLinks';
import { assertMoodleVersion, isTrackerKey, joinVersions, parseBackports, trackerUrl } from '../../src/utils/tracker';

async function render(markdown: string): Promise<string> {
  return String(await compile(markdown, { format: 'mdx', remarkPlugins: [trackerLinks] }));
}

const link = (key: string) => `href: "https://moodle.atlassian.net/browse/${key}"`;

describe('tracker keys', () => {
  it('accepts keys of the Moodle tracker projects only', () => {
    expect(['MDL-12345', 'MOBILE-4242', 'MDLSITE-1', 'MDLQA-17', 'CONTRIB-9'].every(isTrackerKey)).toBe(true);
    expect(['MDL-', 'MDL-0', 'mdl-123', 'JIRA-123', 'MDL-12a', ' MDL-1'].some(isTrackerKey)).toBe(false);
    expect(trackerUrl('MDL-76169')).toBe('https://moodle.atlassian.net/browse/MDL-76169');
    expect(() => trackerUrl('MDL-12O')).toThrow(/"MDL-12O" is not a Moodle tracker key/);
  });

  it('checks Moodle versions given to components', () => {
    expect(assertMoodleVersion('3.11.2', 'Since (prop "version")')).toBe('3.11.2');
    expect(() => assertMoodleVersion('4', 'Since (prop "version")')).toThrow('Since (prop "version"): "4" is not a Moodle version');
    expect(() => assertMoodleVersion(undefined, 'Deprecated (prop "since")')).toThrow(/Deprecated \(prop "since"\)/);
  });

  it('checks the backports a version marker lists', () => {
    expect(parseBackports(undefined, '5.0', 'Since (prop "backports")')).toEqual([]);
    expect(parseBackports('4.4.5, 4.5.1', '5.0', 'Since (prop "backports")')).toEqual(['4.4.5', '4.5.1']);
    expect(joinVersions(['4.3.8', '4.4.4', '4.5.1'])).toBe('4.3.8, 4.4.4 and 4.5.1');
    expect(joinVersions(['4.4.5'])).toBe('4.4.5');
    expect(() => parseBackports('4.5', '5.0', 'Since (prop "backports")')).toThrow('Since (prop "backports"): "4.5" is not a release version');
    expect(() => parseBackports('5.0.1', '5.0', 'Since (prop "backports")')).toThrow('5.0.1 is not older than Moodle 5.0');
    expect(() => parseBackports(' ', '5.0', 'Deprecated (prop "backports")')).toThrow(/list at least one release/);
  });

  it('splits text around keys', () => {
    expect(linkTrackerKeys('no keys here, not even XMDL-1 or MDL-1x')).toBeNull();
    const parts = linkTrackerKeys('See MDL-1 and MOBILE-22.');
    expect(parts?.map((part) => part.type)).toEqual(['text', 'link', 'text', 'link', 'text']);
  });

  it('links bare keys in page text, including inside components', async () => {
    const output = await render('Fixed in MDL-76169.\n\n<Deprecated since="4.0">\n\nSee MOBILE-4242.\n\n</Deprecated>\n');
    expect(output).toContain(link('MDL-76169'));
    expect(output).toContain(link('MOBILE-4242'));
  });

  it('leaves keys in code, headings and existing links as written', async () => {
    const output = await render(
      '## MDL-1 in a heading\n\n`MDL-2` in code and [MDL-3](https://example.org/) linked elsewhere.\n\n<TrackerLink issue="MDL-4">MDL-4</TrackerLink>\n\n```text\nMDL-5\n```\n',
    );
    for (const key of ['MDL-1', 'MDL-2', 'MDL-3', 'MDL-4', 'MDL-5']) {
      expect(output).not.toContain(link(key));
    }
  });
});
