import type { XaiErrorCode } from '@xai/core';
import { XaiError } from '@xai/core';

/** Where in a model file a problem is: the file, and the tree and node when known. */
export interface TreeSite {
  readonly file: string;
  readonly fn: string;
  readonly tree?: number;
  readonly node?: number;
}

/** A typed error naming the file, tree and node: `m.json: tree 3, node 7: …`. */
export function treeError(code: XaiErrorCode, site: TreeSite, message: string, value?: unknown): XaiError {
  const where = [site.file, site.tree === undefined ? '' : `tree ${site.tree}`, site.node === undefined ? '' : `node ${site.node}`]
    .filter((s) => s !== '')
    .join(', ');
  return new XaiError(code, `${where}: ${message}`, {
    fn: site.fn,
    file: site.file,
    ...(site.tree === undefined ? {} : { tree: site.tree }),
    ...(site.node === undefined ? {} : { node: site.node }),
    value,
  });
}
