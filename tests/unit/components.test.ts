/** Where a component's code lives, read from data/components.json. */
import { describe, expect, it } from 'vitest';
import components from '../../data/components.json';
import { componentDirectory } from '../../src/utils/components';
import type { ComponentsData } from '../../src/utils/siteDataTypes';

const data = components as ComponentsData;

describe('componentDirectory', () => {
  it('joins a plugin type directory and the plugin name, and reads subsystems as they are', () => {
    expect(componentDirectory('mod_forum', data)).toBe('mod/forum');
    expect(componentDirectory('block_html', data)).toBe('blocks/html');
    expect(componentDirectory('local_greet', data)).toBe('local/greet');
    expect(componentDirectory('core_calendar', data)).toBe('calendar');
  });

  it('takes its answers from the data, not from a list of its own', () => {
    const fixture: ComponentsData = { $schema: '', plugintypes: { widget: 'lib/widgets' }, subsystems: { thing: 'lib/thing', nothing: null } };
    expect(componentDirectory('widget_clock', fixture)).toBe('lib/widgets/clock');
    expect(componentDirectory('core_thing', fixture)).toBe('lib/thing');
  });

  it.each([
    ['forum', 'is not a frankenstyle component name'],
    ['Mod_forum', 'is not a frankenstyle component name'],
    ['nosuchtype_example', '"nosuchtype" is not a plugin type'],
    ['core_nosuchsubsystem', '"nosuchsubsystem" is not a core subsystem'],
  ])('refuses %s, naming the problem', (component, message) => {
    expect(() => componentDirectory(component, data)).toThrow(message);
  });
});
