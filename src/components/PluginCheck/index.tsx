import { useId, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { allChanges } from '@site/src/components/ApiChanges';
import { readPluginFiles, scanPlugin, changesBetween, fileLanguage, type PluginEntry, type ScanResult } from '@site/src/utils/apiChanges/scan';
import { beforeAll, changeLabels, oldestFromVersion, versionLabel, versionOptions } from '@site/src/utils/apiChanges/view';
import { readZip } from '@site/src/utils/apiChanges/zip';
import { compareVersions } from '@site/src/utils/moodleReleases';
import styles from './styles.module.css';

interface Report {
  /** What was checked: "the folder local_greet", "the zip local_greet.zip", "the pasted lib.php". */
  source: string;
  from: string;
  to: string;
  result: ScanResult;
  milliseconds: number;
}

/** The range a report covers, in words. */
function rangeText(from: string, to: string): string {
  return from === beforeAll ? `up to ${to}` : `between ${from} and ${to}`;
}

/** The entries of a dropped or chosen folder (webkitRelativePath) or of loose files. */
async function entriesOfFiles(files: readonly File[]): Promise<PluginEntry[]> {
  return Promise.all(
    files
      .filter((file) => fileLanguage(file.name) !== null)
      .map(async (file) => ({ path: file.webkitRelativePath || file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
}

/** The files of a folder dropped on the page, read through the entries API. */
async function filesOfDroppedEntry(entry: FileSystemEntry, prefix = ''): Promise<PluginEntry[]> {
  if (entry.isFile) {
    if (fileLanguage(entry.name) === null) {
      return [];
    }
    const file = await new Promise<File>((resolve, reject) => {
      (entry as FileSystemFileEntry).file(resolve, reject);
    });
    return [{ path: `${prefix}${entry.name}`, bytes: new Uint8Array(await file.arrayBuffer()) }];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches until it answers with none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => {
      reader.readEntries(resolve, reject);
    });
    if (!batch.length) {
      break;
    }
    children.push(...batch);
  }
  const nested = await Promise.all(children.map((child) => filesOfDroppedEntry(child, `${prefix}${entry.name}/`)));
  return nested.flat();
}

/**
 * The plugin check: a reader gives a plugin's folder, a zip of it, or one pasted file, picks the
 * releases it moves between, and gets every use of a changed name with its file and line. It all
 * runs in the page (src/utils/apiChanges/scan.ts); nothing is sent anywhere.
 */
export default function PluginCheck(): ReactNode {
  const versions = useMemo(() => versionOptions(allChanges), []);
  const [from, setFrom] = useState(oldestFromVersion);
  const [to, setTo] = useState(versions[versions.length - 1]);
  const [pasted, setPasted] = useState('');
  const [pastedName, setPastedName] = useState('lib.php');
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  // True once the page runs in the browser (after hydration): the controls need JavaScript.
  const ready = useIsBrowser();

  const check = async (source: string, read: () => Promise<PluginEntry[]>) => {
    setBusy(true);
    setError('');
    try {
      if (compareVersions(from, to) >= 0) {
        throw new Error('Pick a "to" release after the "from" release.');
      }
      const entries = await read();
      const started = performance.now();
      const plugin = readPluginFiles(entries);
      const result = scanPlugin(plugin.files, changesBetween(allChanges, from, to));
      result.skipped.unshift(...plugin.skipped);
      setReport({ source, from, to, result, milliseconds: performance.now() - started });
    } catch (caught) {
      setReport(undefined);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const checkFiles = (files: readonly File[]) => {
    const zip = files.length === 1 && /\.zip$/i.test(files[0].name) ? files[0] : undefined;
    if (zip) {
      void check(`the zip ${zip.name}`, async () => {
        const { files: inside, skipped } = await readZip(new Uint8Array(await zip.arrayBuffer()), (path) => fileLanguage(path) !== null);
        if (skipped.length) {
          setError(`Not read from the zip: ${skipped.map((skip) => `${skip.path} (${skip.reason})`).join(', ')}.`);
        }
        return inside;
      });
      return;
    }
    const folder = files[0]?.webkitRelativePath.split('/')[0];
    void check(folder ? `the folder ${folder}` : `${files.length} files`, () => entriesOfFiles(files));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const items = [...event.dataTransfer.items];
    const entries = items.map((item) => item.webkitGetAsEntry()).filter((entry): entry is FileSystemEntry => entry !== null);
    if (entries.length === 1 && entries[0].isDirectory) {
      void check(`the folder ${entries[0].name}`, () => filesOfDroppedEntry(entries[0]));
    } else {
      checkFiles([...event.dataTransfer.files]);
    }
  };

  if (!ready) {
    return <p className={styles.note}>The plugin check runs in your browser and needs JavaScript. The list of changes below works without it.</p>;
  }
  const findings = report?.result.findings ?? [];
  return (
    <div className={styles.check}>
      <p className={styles.note}>
        <strong>Your code stays on your computer.</strong> The check reads the files in this browser tab; nothing is uploaded or sent anywhere.
      </p>
      <div className={styles.versions}>
        <label htmlFor={`${id}-from`}>
          From version
          <select id={`${id}-from`} value={from} onChange={(event) => { setFrom(event.target.value); }}>
            {versions.slice(0, -1).map((version) => (
              <option key={version} value={version}>
                {versionLabel(version, versions)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-to`}>
          To version
          <select id={`${id}-to`} value={to} onChange={(event) => { setTo(event.target.value); }}>
            {versions.slice(1).map((version) => (
              <option key={version}>{version}</option>
            ))}
          </select>
        </label>
      </div>
      <div
        className={styles.drop}
        onDragOver={(event) => {
          event.preventDefault();
        }}
        onDrop={onDrop}>
        <p>Drop the plugin's folder or zip here, or choose it:</p>
        <label htmlFor={`${id}-folder`} className="button button--primary">
          Choose a folder
        </label>
        <input
          id={`${id}-folder`}
          className={styles.fileInput}
          type="file"
          // The folder picker: not in React's types, read by every current browser.
          {...{ webkitdirectory: '', directory: '' }}
          multiple
          onChange={(event) => { checkFiles([...(event.target.files ?? [])]); }}
        />
        <label htmlFor={`${id}-zip`} className="button button--secondary">
          Choose a zip
        </label>
        <input id={`${id}-zip`} className={styles.fileInput} type="file" accept=".zip,application/zip" onChange={(event) => { checkFiles([...(event.target.files ?? [])]); }} />
      </div>
      <details className={styles.paste}>
        <summary>Or paste one file</summary>
        <label htmlFor={`${id}-name`}>
          File name (its extension says how to read it)
          <input id={`${id}-name`} type="text" value={pastedName} spellCheck={false} onChange={(event) => { setPastedName(event.target.value); }} />
        </label>
        <label htmlFor={`${id}-code`}>
          Code
          <textarea id={`${id}-code`} rows={10} value={pasted} spellCheck={false} onChange={(event) => { setPasted(event.target.value); }} />
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={!pasted.trim()}
          onClick={() => {
            void check(`the pasted ${pastedName}`, () => Promise.resolve([{ path: pastedName, text: pasted }]));
          }}>
          Check the pasted code
        </button>
      </details>
      <div role="status" aria-live="polite" className={styles.result}>
        {busy ? <p>Checking…</p> : null}
        {error ? <p className={styles.error}>{error}</p> : null}
        {report && !busy ? (
          <>
            <p>
              {findings.length === 0
                ? `No changed names: ${report.result.scanned} files of ${report.source} use nothing that changed ${rangeText(report.from, report.to)}.`
                : `${findings.length} ${findings.length === 1 ? 'use' : 'uses'} of changed names in ${new Set(findings.map((finding) => finding.path)).size} of the ${report.result.scanned} files of ${report.source}, ${rangeText(report.from, report.to)}.`}{' '}
              <span className={styles.time}>Checked in {Math.max(1, Math.round(report.milliseconds))} ms.</span>
            </p>
            {findings.length ? (
              <div className={styles.scroll} role="region" aria-label="Uses of changed names, scrollable" tabIndex={0}>
              <table className={styles.findings}>
                <caption>Uses of changed names</caption>
                <thead>
                  <tr>
                    <th scope="col">File and line</th>
                    <th scope="col">Name</th>
                    <th scope="col">What happened</th>
                    <th scope="col">Use instead</th>
                  </tr>
                </thead>
                <tbody>
                  {findings.map((finding) => (
                    <tr key={`${finding.path}:${finding.line}:${finding.column}:${finding.change.name}`}>
                      <td>
                        <code>
                          {finding.path}:{finding.line}
                        </code>
                      </td>
                      <td>
                        <code>{finding.name}</code>
                        {finding.certain ? null : <span className={styles.likely}> (likely: matched by the method's name)</span>}
                      </td>
                      <td>
                        {changeLabels[finding.change.change]} in {finding.change.version}: {finding.change.note}
                      </td>
                      <td>{finding.change.replacement ? <code>{finding.change.replacement}</code> : <span aria-label="None">–</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            ) : null}
            {report.result.unsearchable.length ? (
              <details>
                <summary>
                  {report.result.unsearchable.length === 1 ? '1 change' : `${report.result.unsearchable.length} changes`} of this range not looked for (database fields, CLI options, and names given without their
                  class or plugin)
                </summary>
                <ul>
                  {report.result.unsearchable.map((change) => (
                    <li key={`${change.name} ${change.change} ${change.version}`}>
                      <code>{change.name}</code>: {changeLabels[change.change].toLowerCase()} in {change.version}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {report.result.skipped.length ? (
              <details>
                <summary>{report.result.skipped.length} files not read</summary>
                <ul>
                  {report.result.skipped.map((skip) => (
                    <li key={skip.path}>
                      <code>{skip.path}</code>: {skip.reason}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
