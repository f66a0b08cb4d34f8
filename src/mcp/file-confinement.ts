import {realpath} from 'node:fs/promises'
import {isAbsolute, relative, resolve} from 'node:path'

/**
 * The real path of `value` inside `folder` (the one the person named with `payctl mcp --files-dir`), or why it is
 * refused: an agent reads no file outside it, by `..`, an absolute path or a symbolic link.
 */
export async function confinedPath(folder: string, value: string): Promise<{path: string} | {problem: string}> {
  const root = await realpath(folder).catch(() => undefined)
  if (root === undefined) return {problem: `the files folder ${folder} does not exist`}
  const target = await realpath(resolve(root, value)).catch(() => undefined)
  if (target === undefined) return {problem: `"${value}" is not a file in the files folder`}
  const inside = relative(root, target)
  if (!inside || inside.startsWith('..') || isAbsolute(inside))
    return {problem: `"${value}" is outside the files folder the person named (payctl mcp --files-dir)`}
  return {path: target}
}
