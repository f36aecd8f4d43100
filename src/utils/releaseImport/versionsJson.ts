/**
 * Reads devdocs' data/versions.json: the list of Moodle series with their support dates and the
 * releases of each. Anything the importer does not understand is an error that names the file,
 * the series or release, and the field; nothing is guessed or dropped silently.
 */
import { parseSourceDate } from './dates';

export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Cannot import ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ImportError';
  }
}

export interface SourceRelease {
  name: string;
  releaseDate: string;
  version: string;
  upgradePath?: string;
  notes?: string;
  releaseNoteUrl?: false;
}

export interface SourceSeries {
  name: string;
  releaseDate: string;
  generalEndDate: string;
  securityEndDate: string;
  extendedSecurityEndDate?: string;
  codeFreezeDate?: string;
  isLTS: boolean;
  isExperimental?: boolean;
  releases: SourceRelease[];
}

const seriesFields = new Set(['name', 'releaseDate', 'generalEndDate', 'securityEndDate', 'extendedSecurityEndDate', 'codeFreezeDate', 'isLTS', 'isExperimental', 'releases']);
const releaseFields = new Set(['name', 'releaseDate', 'version', 'upgradePath', 'notes', 'releaseNoteUrl']);

export function readVersionsJson(text: string, file: string): SourceSeries[] {
  let raw: unknown;
  try {
    // Build numbers are JSON numbers in the source; read them as written, so that
    // 2007101591.10 keeps its trailing zero.
    raw = JSON.parse(text.replace(/("version"\s*:\s*)(-?\d+(?:\.\d+)?)(?=\s*[,}\n])/g, '$1"$2"'));
  } catch (error) {
    throw new ImportError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
  const problems: string[] = [];
  const versions = (raw as { versions?: unknown })?.versions;
  if (!Array.isArray(versions)) {
    throw new ImportError(file, ['top level: field "versions" must be a list of series']);
  }
  const result: SourceSeries[] = [];
  versions.forEach((entry: Record<string, unknown>, index) => {
    const name = typeof entry?.name === 'string' ? entry.name : undefined;
    const where = name ? `series ${name}` : `series #${index + 1}`;
    if (!name || !/^\d+\.\d+$/.test(name)) {
      problems.push(`${where}: field "name" must be a series number such as "4.5" (found ${JSON.stringify(entry?.name)})`);
      return;
    }
    for (const key of Object.keys(entry)) {
      if (!seriesFields.has(key)) {
        problems.push(`${where}: field "${key}" is not known to the importer`);
      }
    }
    const date = (field: string, required: boolean): string | undefined => {
      const value = entry[field];
      if (value === undefined && !required) {
        return undefined;
      }
      const parsed = typeof value === 'string' ? parseSourceDate(value) : null;
      if (!parsed) {
        problems.push(`${where}: field "${field}" ${value === undefined ? 'is required but missing' : `is not a date (found ${JSON.stringify(value)})`}`);
      }
      return parsed ?? undefined;
    };
    const series: SourceSeries = {
      name,
      releaseDate: date('releaseDate', true) ?? '',
      generalEndDate: date('generalEndDate', true) ?? '',
      securityEndDate: date('securityEndDate', true) ?? '',
      extendedSecurityEndDate: date('extendedSecurityEndDate', false),
      codeFreezeDate: date('codeFreezeDate', false),
      isLTS: entry.isLTS === true,
      isExperimental: entry.isExperimental === true ? true : undefined,
      releases: [],
    };
    if (typeof entry.isLTS !== 'boolean') {
      problems.push(`${where}: field "isLTS" must be true or false (found ${JSON.stringify(entry.isLTS)})`);
    }
    if (entry.isExperimental !== undefined && typeof entry.isExperimental !== 'boolean') {
      problems.push(`${where}: field "isExperimental" must be true or false (found ${JSON.stringify(entry.isExperimental)})`);
    }
    const releases = entry.releases ?? [];
    if (!Array.isArray(releases)) {
      problems.push(`${where}: field "releases" must be a list`);
    } else {
      releases.forEach((release: Record<string, unknown>, releaseIndex) => {
        const releaseName = typeof release?.name === 'string' ? release.name : undefined;
        const releaseWhere = `${releaseName ? `release ${releaseName}` : `release #${releaseIndex + 1}`} in ${where}`;
        if (!releaseName || !new RegExp(`^${name.replace('.', '\\.')}\\.\\d+$`).test(releaseName)) {
          problems.push(`${releaseWhere}: field "name" must be a version of series ${name} such as "${name}.1" (found ${JSON.stringify(release?.name)})`);
          return;
        }
        for (const key of Object.keys(release)) {
          if (!releaseFields.has(key)) {
            problems.push(`${releaseWhere}: field "${key}" is not known to the importer`);
          }
        }
        const releaseDate = typeof release.releaseDate === 'string' ? parseSourceDate(release.releaseDate) : null;
        if (!releaseDate) {
          problems.push(`${releaseWhere}: field "releaseDate" ${release.releaseDate === undefined ? 'is required but missing' : `is not a date (found ${JSON.stringify(release.releaseDate)})`}`);
        }
        const version = typeof release.version === 'number' || typeof release.version === 'string' ? String(release.version) : '';
        if (!/^\d{10}(\.\d+)?$/.test(version)) {
          problems.push(`${releaseWhere}: field "version" must be a build number such as 2024100700 (found ${JSON.stringify(release.version)})`);
        }
        if (release.releaseNoteUrl !== undefined && release.releaseNoteUrl !== false) {
          problems.push(`${releaseWhere}: field "releaseNoteUrl" may only be false (found ${JSON.stringify(release.releaseNoteUrl)})`);
        }
        for (const field of ['upgradePath', 'notes'] as const) {
          if (release[field] !== undefined && (typeof release[field] !== 'string' || !release[field])) {
            problems.push(`${releaseWhere}: field "${field}" must be text (found ${JSON.stringify(release[field])})`);
          }
        }
        series.releases.push({
          name: releaseName,
          releaseDate: releaseDate ?? '',
          version,
          ...(typeof release.upgradePath === 'string' ? { upgradePath: release.upgradePath } : {}),
          ...(typeof release.notes === 'string' ? { notes: release.notes } : {}),
          ...(release.releaseNoteUrl === false ? { releaseNoteUrl: false as const } : {}),
        });
      });
    }
    result.push(series);
  });
  if (problems.length) {
    throw new ImportError(file, problems);
  }
  return result;
}
