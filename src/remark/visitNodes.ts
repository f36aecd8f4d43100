/**
 * Calls `onMatch` for each node of a Markdown tree that `isMatch` accepts, in document order,
 * without going into the children of a node it matched: shared by the remark plugins that
 * transform one kind of node (code blocks, diagrams).
 */
import type { Nodes } from 'mdast';

export function visitNodes<Match>(node: unknown, isMatch: (node: unknown) => node is Match, onMatch: (node: Match) => void): void {
  if (isMatch(node)) {
    onMatch(node);
    return;
  }
  if (typeof node === 'object' && node !== null && 'children' in node) {
    for (const child of (node as { children: Nodes[] }).children) {
      visitNodes(child, isMatch, onMatch);
    }
  }
}
