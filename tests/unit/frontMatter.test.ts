/** The front matter schema: what it accepts, what it rejects, and what the message says. */
import { describe, expect, it } from 'vitest';
import { assertValidFrontMatter, frontMatterProblems, isPageFile } from '../../src/utils/frontMatter';

const valid = { title: 'Data manipulation API', description: 'Read and write records with $DB.', tags: ['dml', 'api'], sidebar_position: 2 };

describe('frontMatterProblems', () => {
  it('accepts a complete page', () => {
    expect(frontMatterProblems(valid)).toEqual([]);
  });

  it.each([
    [{ description: 'A sentence.' }, 'field "title" is required'],
    [{ title: 'Title' }, 'field "description" is required'],
    [{ ...valid, title: '' }, 'field "title" must be a non-empty string (found "")'],
    [{ ...valid, description: 'No full stop' }, 'field "description" must be a full sentence ending with a full stop'],
    [{ ...valid, description: `${'word '.repeat(70)}end.` }, 'field "description" must be one sentence of at most 300 characters'],
    [{ ...valid, sidebar_position: 'first' }, 'field "sidebar_position" must be a number (found "first")'],
    [{ ...valid, tags: 'dml' }, 'field "tags" must be a list of non-empty strings (found "dml")'],
    [{ ...valid, toc_max_heading_level: 9 }, 'field "toc_max_heading_level" must be a whole number from 2 to 6'],
    [{ ...valid, hide_title: 'yes' }, 'field "hide_title" must be true or false'],
    [{ ...valid, sidebar_postion: 3 }, 'field "sidebar_postion" is not a known front matter field. Did you mean "sidebar_position"?'],
    [{ ...valid, colour: 'red' }, 'field "colour" is not a known front matter field.'],
  ])('rejects %j', (frontMatter, message) => {
    expect(frontMatterProblems(frontMatter).join('\n')).toContain(message);
  });

  it('does not suggest a key when nothing is close', () => {
    expect(frontMatterProblems({ ...valid, colour: 'red' }).join('\n')).not.toContain('Did you mean');
  });
});

describe('assertValidFrontMatter', () => {
  it('names the file in the error', () => {
    expect(() => {
      assertValidFrontMatter('docs/apis/core/dml/index.md', { title: 'DML' });
    }).toThrow('Invalid front matter in docs/apis/core/dml/index.md:\n  - field "description" is required');
  });

  it('skips partials, which are imported into pages and have no front matter', () => {
    expect(isPageFile('docs/apis/_example.md')).toBe(false);
    expect(isPageFile('docs/apis/index.md')).toBe(true);
    expect(() => {
      assertValidFrontMatter('docs/apis/_example.md', {});
    }).not.toThrow();
  });
});
