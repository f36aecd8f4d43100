/**
 * The requirements sections of a series page ("Server requirements", "Database requirements",
 * "Client requirements") turned into structured facts. Each line form the importer knows becomes
 * fields; a requirement line it does not know is reported back, never guessed at.
 */
import type { DatabaseRequirement, Requirements } from '../moodleReleases';
import type { ParsedPage } from './page';
import { plainText } from './page';

export interface RequirementsResult {
  requirements?: Requirements;
  /** Requirement bullets the importer could not read, for the import report. */
  unread: string[];
}

const databaseIds: [RegExp, DatabaseRequirement['id']][] = [
  [/postgres/i, 'postgres'],
  [/aurora/i, 'aurora-mysql'],
  [/mariadb/i, 'mariadb'],
  [/mysql/i, 'mysql'],
  [/sql server|mssql|ms sql/i, 'mssql'],
  [/oracle/i, 'oracle'],
];

/** "(increased in this Moodle version)", "(increased since Moodle 4.1)", "(last increased in Moodle 5.0)". */
function raised(text: string, seriesName: string): { minimumIncreasedIn?: string; minimumIncreasedSince?: string } {
  if (/increased in this moodle version/i.test(text)) {
    return { minimumIncreasedIn: seriesName };
  }
  const inVersion = /increased in moodle (\d+\.\d+)/i.exec(text);
  if (inVersion) {
    return { minimumIncreasedIn: inVersion[1] };
  }
  const since = /increased since moodle (\d+\.\d+)/i.exec(text);
  return since ? { minimumIncreasedSince: since[1] } : {};
}

function splitVersions(text: string): string[] {
  return text
    .split(/,\s*|\s+and\s+/)
    .map((part) => part.trim().replace(/^PHP\s+/i, ''))
    .filter(Boolean);
}

function readBullet(text: string, seriesName: string, requirements: Requirements): boolean {
  const plain = plainText(text);
  let match = /^Moodle upgrade:\s*Moodle (\d+(?:\.\d+)+) or later(.*)$/i.exec(plain);
  if (match) {
    requirements.upgrade = { minimumVersion: match[1] };
    const first = /upgrade to (\d+(?:\.\d+)+) as a first step/i.exec(match[2]);
    if (first) {
      requirements.upgrade.earlierVersionsMustFirstUpgradeTo = first[1];
    }
    return true;
  }
  match = /^(?:PHP version:\s*minimum PHP|Minimum PHP version:\s*PHP|PHP must be) (\d+\.\d+\.\d+)\.?(.*)$/i.exec(plain);
  if (match) {
    const php: NonNullable<Requirements['php']> = { minimum: match[1] };
    const rest = match[2];
    Object.assign(php, raised(rest.replace(/minimum PHP version has /i, ''), seriesName));
    const windows = /always use latest PHP (.+?) on Windows/i.exec(rest);
    if (windows) {
      php.latestRecommendedOnWindows = splitVersions(windows[1].replace(/\s+or\s+/g, ', ').replace(/\s+,/g, ','));
    }
    const recommended = /PHP (\d+\.\d+\.\d+) or later is recommended/i.exec(rest);
    if (recommended) {
      php.recommended = recommended[1];
    }
    const also = /PHP ([\d.x]+(?:\s*\(since Moodle [\d.]+\))?(?:(?:,\s*|\s+and\s+)[\d.x]+(?:\s*\(since Moodle [\d.]+\))?)*) (?:is|are) supported too/i.exec(rest);
    if (also) {
      for (const part of also[1].split(/,\s*|\s+and\s+/)) {
        const since = /^([\d.x]+)\s*\(since Moodle ([\d.]+)\)$/.exec(part.trim());
        const version = since ? since[1] : part.trim();
        php.alsoSupported = [...(php.alsoSupported ?? []), version];
        if (since) {
          php.supportedSinceMoodle = { ...php.supportedSinceMoodle, [version]: since[2] };
        }
      }
    }
    const upgradeFor = /For PHP ([\d.x]+) support, upgrade to Moodle ([\d.]+) or later/i.exec(rest);
    if (upgradeFor) {
      php.alsoSupported = [...(php.alsoSupported ?? []), upgradeFor[1]];
      php.supportedSinceMoodle = { ...php.supportedSinceMoodle, [upgradeFor[1]]: upgradeFor[2] };
    }
    const limited = /PHP ([\d.x]+(?:(?:,\s*|\s+and\s+)[\d.x]+)*) (?:is|are) supported but (?:have|has) some engine limitations/i.exec(rest);
    if (limited) {
      php.alsoSupported = splitVersions(limited[1]);
      php.supportedWithEngineLimitations = splitVersions(limited[1]);
    }
    const notSupported = /PHP ([\d.x]+) is NOT supported/i.exec(rest);
    if (notSupported) {
      php.notSupported = [notSupported[1]];
    }
    requirements.php = { ...requirements.php, ...php };
    return true;
  }
  match = /^PHP variants:\s*Only 64-bit versions of PHP are supported/i.exec(plain);
  if (match) {
    requirements.php = { ...requirements.php, only64Bit: true };
    return true;
  }
  match = /^PHP extensions? ([\w]+(?:(?:,\s*|\s+and\s+)\w+)*) (?:is|are) (?:now )?(required|recommended)\b(.*)$/i.exec(plain);
  if (match) {
    const [, names, status, rest] = match;
    for (const name of names.split(/,\s*|\s+and\s+/)) {
      const extension: NonNullable<Requirements['phpExtensions']>[number] = { name, status: status.toLowerCase() as 'required' | 'recommended' };
      const from = /will be required in Moodle (\d+\.\d+)/i.exec(rest);
      if (from) {
        extension.requiredFromMoodle = from[1];
      }
      const since = /^\s*(?:since|in) Moodle (\d+\.\d+)/i.exec(rest);
      if (since) {
        extension.requiredSinceMoodle = since[1];
      }
      const previously = /(?:it was|they were) recommended in (\d+\.\d+)/i.exec(rest);
      if (previously) {
        extension.previouslyRecommendedIn = previously[1];
      } else if (/previously only recommended/i.test(rest)) {
        extension.previouslyRecommended = true;
      }
      requirements.phpExtensions = [...(requirements.phpExtensions ?? []), extension];
    }
    return true;
  }
  match = /^New requirement for Moodle (\d+\.\d+) comparing to [\d.]+:\s*PHP extension (\w+)$/i.exec(plain);
  if (match) {
    requirements.phpExtensions = [...(requirements.phpExtensions ?? []), { name: match[2], status: 'required', newInMoodle: match[1] }];
    return true;
  }
  match = /^New (recommended|required) PHP extensions?:\s*(.+)$|^New PHP extension (requirements):\s*(.+)$/i.exec(plain);
  if (match) {
    const status = match[1] ? (match[1].toLowerCase() as 'required' | 'recommended') : 'required';
    for (const name of (match[2] ?? match[4]).split(/,\s*|\s+and\s+/)) {
      requirements.phpExtensions = [...(requirements.phpExtensions ?? []), { name: name.trim(), status, newInThisRelease: true }];
    }
    return true;
  }
  match = /^\(Recommendation only\) If you use MySQL or MariaDB, make sure your database supports full UTF-8 \((utf8mb4)\)(.*)$/i.exec(plain);
  if (match) {
    const charset: NonNullable<Requirements['mysqlMariadbCharset']> = { recommended: match[1] };
    const collation = /moving to '([\w]+)'/i.exec(match[2]);
    if (collation) {
      charset.recommendedCollation = collation[1];
    }
    const docs = /\]\((https?:\/\/docs\.moodle\.org\/[^)\s]+)\)/.exec(text);
    if (docs) {
      charset.docsUrl = docs[1];
    }
    const format = /must use the (\w+) file format/i.exec(match[2]);
    if (format) {
      charset.utf8mb4RequiresFileFormat = format[1];
    }
    requirements.mysqlMariadbCharset = charset;
    return true;
  }
  match = /^Minimum DB versions:\s*(.+)$/i.exec(plain);
  if (match) {
    for (const part of match[1].replace(/\(.*?\)/g, '').split(/,\s*|\s+or\s+/)) {
      const database = /^(.+?)\s+([\d.]+)\s*$/.exec(part.trim());
      const id = database && databaseIds.find(([pattern]) => pattern.test(database[1]))?.[1];
      if (database && id) {
        requirements.databases = [...(requirements.databases ?? []), { id, name: database[1], minimumVersion: database[2] }];
      }
    }
    return true;
  }
  match = /^(MySQL|PostgreSQL|Postgres|Oracle|MS SQL|MSSQL|Microsoft SQL Server)\s+([\d.]+) or later/i.exec(plain);
  if (match) {
    const name = match[1];
    const id = databaseIds.find(([pattern]) => pattern.test(name))?.[1];
    if (id) {
      requirements.databases = [...(requirements.databases ?? []), { id, name: match[1], minimumVersion: match[2] }];
      return true;
    }
  }
  match = /^PHP setting (\w+) (?:must be|is recommended to be) (>=?\s*\d+)(.*)$/i.exec(plain);
  if (match) {
    const setting: NonNullable<Requirements['phpSettings']>[number] = { name: match[1], value: match[2].replace(/\s+/g, ' ').replace(/^>=(\d)/, '>= $1') };
    const recommendedFor = /for (PHP [\d.x]+) installations/i.exec(match[3]);
    if (/is recommended/i.test(plain) && recommendedFor) {
      setting.recommendedFor = recommendedFor[1];
    }
    const requiredFor = /requirement for (PHP [\d.x]+) installations/i.exec(match[3]);
    if (requiredFor) {
      setting.requiredFor = requiredFor[1];
    }
    requirements.phpSettings = [...(requirements.phpSettings ?? []), setting];
    return true;
  }
  match = /^(Ghostscript|Unoconv) should be installed for (.+?)(?:\s*\(new in Moodle ([\d.]+)\))?\.?$/i.exec(plain);
  if (match) {
    requirements.otherServerSoftware = [
      ...(requirements.otherServerSoftware ?? []),
      { name: match[1], status: 'recommended', usedFor: match[2], ...(match[3] ? { newInMoodle: match[3] } : {}) },
    ];
    return true;
  }
  return false;
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

function readDatabaseRow(cells: string[], seriesName: string): DatabaseRequirement | undefined {
  const [nameCell, minimumCell, recommendedCell] = cells;
  const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(nameCell);
  const name = link ? link[1] : plainText(nameCell);
  const id = databaseIds.find(([pattern]) => pattern.test(name))?.[1];
  const minimum = /^(\S+)/.exec(plainText(minimumCell ?? ''));
  if (!id || !minimum) {
    return undefined;
  }
  const database: DatabaseRequirement = { id, name, ...(link ? { url: link[2] } : {}), minimumVersion: minimum[1], ...raised(minimumCell, seriesName) };
  if (recommendedCell) {
    const notYet = /^(.*?)\s*-\s*note that (\S+) is not yet supported(?:\s*\(\[(MDL-\d+)\])?/i.exec(recommendedCell);
    if (notYet) {
      database.recommended = plainText(notYet[1]);
      database.notYetSupported = notYet[2];
      if (notYet[3]) {
        database.notYetSupportedIssue = notYet[3];
      }
    } else {
      const then = /^(\S+) then (\S+) in Moodle ([\d.]+) onwards$/i.exec(plainText(recommendedCell));
      if (then) {
        database.recommended = then[1];
        database.recommendedFromMoodle = { [then[2]]: then[3] };
      } else {
        database.recommended = plainText(recommendedCell);
      }
    }
  }
  return database;
}

type TableKind = 'databases' | 'browsers' | 'screenReaders' | undefined;

function tableKind(header: string[]): TableKind {
  const first = header[0]?.toLowerCase() ?? '';
  if (first === 'database') {
    return 'databases';
  }
  if (first === 'browser') {
    return header.some((cell) => /screen reader/i.test(cell)) ? 'screenReaders' : 'browsers';
  }
  return undefined;
}

function linkCell(cell: string): { name: string; url?: string } {
  const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(cell.trim());
  return link ? { name: link[1], url: link[2] } : { name: plainText(cell) };
}

/** Reads the requirements sections of a series page. */
export function readRequirements(blocks: ParsedPage['requirementsBlocks'], seriesName: string): RequirementsResult {
  const requirements: Requirements = {};
  const unread: string[] = [];
  let list: 'desktop' | 'mobile' | 'issues' | 'inline-browsers' | undefined;
  const browsers = (format: 'lists' | 'table' | 'inline'): NonNullable<Requirements['browsers']> => {
    requirements.browsers ??= { format };
    return requirements.browsers;
  };

  function handleBullet(text: string, nested: boolean): void {
    const plain = plainText(text);
    if (list === 'inline-browsers' && nested) {
      const browser = /^(.+?) (\d[\d.]*) or later/i.exec(plain);
      if (browser) {
        const entry = browsers('inline');
        entry.minimumVersions = [...(entry.minimumVersions ?? []), { name: browser[1], minimumVersion: browser[2] }];
      }
      return;
    }
    if (list === 'desktop' || list === 'mobile' || list === 'issues') {
      const entry = browsers('lists');
      const key = list === 'desktop' ? 'testedDesktop' : list === 'mobile' ? 'testedMobile' : 'knownCompatibilityIssues';
      entry[key] = [...(entry[key] ?? []), plain];
      return;
    }
    if (/browser.*for example:?$/i.test(plain)) {
      list = 'inline-browsers';
      return;
    }
    if (/^Databases should be one of the following:?$/i.test(plain)) {
      return;
    }
    const inline = /^(?:Recommended )?minimum browsers?:\s*(.+)$/i.exec(plain);
    if (inline) {
      const entry = browsers('inline');
      for (const part of inline[1].replace(/\(.*?\)/g, '').split(/\s*,\s*/)) {
        const browser = /^(?:recent )?(.+?)(?:\s+(\d[\d.]*))?$/.exec(part.trim());
        if (browser && browser[1]) {
          entry.minimumVersions = [...(entry.minimumVersions ?? []), { name: browser[1], minimumVersion: browser[2] ?? 'recent' }];
        }
      }
      const dragAndDrop = /IE (\d+) required for drag and drop/i.exec(plain);
      if (dragAndDrop) {
        const explorer = entry.minimumVersions?.find((browser) => /internet explorer/i.test(browser.name));
        if (explorer) {
          explorer.dragAndDropUploadMinimumVersion = dragAndDrop[1];
        }
      }
      return;
    }
    if (!readBullet(text, seriesName, requirements)) {
      unread.push(plain);
    }
  }

  for (const block of blocks) {
    requirements.sourceHeading ??= block.heading;
    let bullet: { text: string; nested: boolean } | undefined;
    let table: TableKind | 'other' | undefined;
    for (const line of [...block.lines, '']) {
      const bulletMatch = /^(\s*)[-*+]\s+(.*)$/.exec(line);
      if (bullet && (bulletMatch || !line.trim() || !/^\s+/.test(line))) {
        handleBullet(bullet.text, bullet.nested);
        bullet = undefined;
      }
      if (bulletMatch) {
        bullet = { text: bulletMatch[2], nested: bulletMatch[1].length > 0 };
        continue;
      }
      if (bullet) {
        bullet.text += ` ${line.trim()}`;
        continue;
      }
      const plain = plainText(line);
      if (/^\|/.test(line.trim())) {
        const cells = tableCells(line);
        if (cells.every((cell) => /^:?-+:?$/.test(cell))) {
          continue;
        }
        if (!table) {
          table = tableKind(cells.map(plainText)) ?? 'other';
          continue;
        }
        if (table === 'databases') {
          const database = readDatabaseRow(cells, seriesName);
          if (database) {
            requirements.databases = [...(requirements.databases ?? []), database];
          }
        } else if (table === 'browsers') {
          const { name, url } = linkCell(cells[0]);
          const dragAndDrop = /Version (\d+) is required for drag-and-drop/i.exec(cells[3] ?? '');
          const entry = browsers('table');
          entry.minimumVersions = [
            ...(entry.minimumVersions ?? []),
            { name, ...(url ? { url } : {}), minimumVersion: plainText(cells[1]), ...(cells[2] ? { recommended: plainText(cells[2]) } : {}), ...(dragAndDrop ? { dragAndDropUploadMinimumVersion: dragAndDrop[1] } : {}) },
          ];
        } else if (table === 'screenReaders') {
          const browser = linkCell(cells[0]);
          const reader = linkCell(cells[1]);
          requirements.screenReaders = [
            ...(requirements.screenReaders ?? []),
            { browser: browser.name, screenReader: reader.name, ...(reader.url ? { screenReaderUrl: reader.url } : {}), minimumVersion: plainText(cells[2]), ...(cells[3] ? { recommended: plainText(cells[3]) } : {}) },
          ];
        }
        continue;
      }
      table = undefined;
      if (/^desktop:?$/i.test(plain)) {
        list = 'desktop';
      } else if (/^mobile:?$/i.test(plain)) {
        list = 'mobile';
      } else if (/legacy browsers with known compatibility issues/i.test(plain)) {
        list = 'issues';
      } else if (plain) {
        list = undefined;
        const notSupported = /does NOT support (.+?)\.?$/i.exec(plain);
        if (notSupported) {
          const entry = browsers('lists');
          entry.notSupported = [...(entry.notSupported ?? []), notSupported[1]];
        }
        const issues = /^(.+?) (?:has|have) known compatibility issues with Moodle/i.exec(plain);
        if (issues) {
          const entry = browsers('lists');
          entry.knownCompatibilityIssues = [...(entry.knownCompatibilityIssues ?? []), issues[1]];
        }
      }
    }
  }
  const facts = Object.keys(requirements).filter((key) => key !== 'sourceHeading');
  return { requirements: facts.length ? requirements : undefined, unread };
}
