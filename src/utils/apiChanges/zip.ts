/**
 * Reads the files of a zip archive where the plugin check runs: in the reader's browser, with
 * no library (the platform's DecompressionStream inflates). Handles what plugin zips hold: files
 * stored or deflated, names in UTF-8 or plain ASCII. Encrypted files, ZIP64 archives and other
 * compression methods are reported, never guessed at.
 */

export interface ZipFile {
  /** The path inside the archive, with `/` separators. */
  path: string;
  bytes: Uint8Array;
}

export interface ZipSkip {
  path: string;
  reason: string;
}

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** Limits on what one archive may make the page hold: far above a plugin, far below what would stall a tab. */
export const zipLimits = { entries: 20_000, bytes: 200_000_000 } as const;

const signatures = { endOfDirectory: 0x06054b50, directoryEntry: 0x02014b50, localHeader: 0x04034b50 } as const;

/** Where the end-of-central-directory record starts: it ends the archive, after a comment of up to 65,535 bytes. */
function findEndOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === signatures.endOfDirectory) {
      return at;
    }
  }
  throw new ZipError('This is not a zip archive: it has no central directory.');
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice()]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The files of a zip archive. `wanted` decides from a file's path whether its content is read
 * (the others are not inflated); folders are left out. Returns the files read and those that
 * could not be, each with why.
 */
export async function readZip(data: Uint8Array, wanted: (path: string) => boolean = () => true): Promise<{ files: ZipFile[]; skipped: ZipSkip[] }> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.byteLength < 22) {
    throw new ZipError('This is not a zip archive: it is too short.');
  }
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new ZipError('This archive is in the ZIP64 format, which the check does not read. Choose the folder instead.');
  }
  if (count > zipLimits.entries) {
    throw new ZipError(`This archive holds ${count} entries; the check reads up to ${zipLimits.entries}.`);
  }
  const utf8 = new TextDecoder('utf-8');
  const files: ZipFile[] = [];
  const skipped: ZipSkip[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.byteLength || view.getUint32(at, true) !== signatures.directoryEntry) {
      throw new ZipError(`The archive's directory is damaged at entry ${index + 1}.`);
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const path = utf8.decode(data.subarray(at + 46, at + 46 + nameLength)).replace(/\\/g, '/');
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith('/') || !wanted(path)) {
      continue;
    }
    if (flags & 1) {
      skipped.push({ path, reason: 'encrypted' });
      continue;
    }
    if (method !== 0 && method !== 8) {
      skipped.push({ path, reason: `compressed with method ${method}, which the check does not read` });
      continue;
    }
    total += size;
    if (total > zipLimits.bytes) {
      throw new ZipError(`The files to check hold more than ${zipLimits.bytes / 1_000_000} MB; is this a whole Moodle checkout rather than a plugin?`);
    }
    if (localOffset + 30 > data.byteLength || view.getUint32(localOffset, true) !== signatures.localHeader) {
      throw new ZipError(`The archive is damaged at ${path}.`);
    }
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const stored = data.subarray(start, start + compressedSize);
    if (stored.byteLength !== compressedSize) {
      throw new ZipError(`The archive ends inside ${path}.`);
    }
    try {
      files.push({ path, bytes: method === 0 ? stored : await inflate(stored) });
    } catch {
      skipped.push({ path, reason: 'its compressed data is damaged' });
    }
  }
  return { files, skipped };
}
