/**
 * Checks the moodle-plugin-ci calls of a sample against the tool's own commands and options
 * (tests/fixtures/moodle-plugin-ci-commands.json, read from its source), and a GitHub Actions
 * workflow against the shape GitHub runs: an `on` trigger and jobs whose steps each `run` a
 * command or `uses` an action.
 */
import YAML from 'yaml';
import pluginCi from '../fixtures/moodle-plugin-ci-commands.json';

type Command = { aliases: string[]; options: string[] };
const commands = pluginCi.commands as Record<string, Command>;
const byName = new Map<string, Command>(Object.entries(commands).flatMap(([name, command]) => [name, ...command.aliases].map((alias): [string, Command] => [alias, command])));

/** The problems of each `moodle-plugin-ci <command> [--option…]` call in a text (a shell script or a workflow). */
export function moodlePluginCiProblems(text: string): string[] {
  const problems: string[] = [];
  // A call starts a command (the tool's name alone, or the path of its bin/ script; the Composer
  // package moodlehq/moodle-plugin-ci is not a call) and runs to the end of its line, or to the
  // next shell separator.
  for (const match of text.matchAll(/(?:^|[\s"'(])(?:\S*\/bin\/)?moodle-plugin-ci[ \t]+([a-z][a-z:-]*)([^\n;&|]*)/g)) {
    const [, name, rest] = match;
    const command = byName.get(name);
    if (!command) {
      problems.push(`moodle-plugin-ci has no command "${name}"`);
      continue;
    }
    for (const option of rest.matchAll(/(?:^|\s)--([a-z][a-z0-9-]*)/g)) {
      if (!command.options.includes(option[1]) && !pluginCi.globalOptions.includes(option[1])) {
        problems.push(`moodle-plugin-ci ${name} has no option --${option[1]}`);
      }
    }
  }
  return problems;
}

/** What keeps a YAML text from being a GitHub Actions workflow GitHub would run. */
export function workflowProblems(text: string): string[] {
  const workflow = YAML.parse(text) as { on?: unknown; jobs?: Record<string, { 'runs-on'?: unknown; steps?: Record<string, unknown>[] }> } | null;
  if (!workflow || typeof workflow !== 'object') {
    return ['the workflow is not a YAML mapping'];
  }
  const problems: string[] = [];
  if (workflow.on === undefined) {
    problems.push('the workflow has no "on" trigger');
  }
  for (const [id, job] of Object.entries(workflow.jobs ?? {})) {
    if (job['runs-on'] === undefined) {
      problems.push(`job "${id}" has no runs-on`);
    }
    if (!Array.isArray(job.steps) || job.steps.length === 0) {
      problems.push(`job "${id}" has no steps`);
      continue;
    }
    job.steps.forEach((step, index) => {
      if (typeof step.run !== 'string' && typeof step.uses !== 'string') {
        problems.push(`job "${id}", step ${index + 1} neither runs a command nor uses an action`);
      }
    });
  }
  return problems;
}
