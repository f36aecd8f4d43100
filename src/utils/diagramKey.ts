/**
 * The key a diagram's recorded size is filed under (src/theme/Mermaid/sizes.json): a 32-bit
 * FNV-1a hash of its source, small enough to run in the browser without a crypto library.
 */
export function diagramKey(source: string): string {
  let hash = 0x811c9dc5;
  for (const character of source.trim()) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
