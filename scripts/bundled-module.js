// What the build's scripts use to read src/ without tsc: modules bundled with esbuild in memory, then loaded.
import {build} from 'esbuild'

/** The module esbuild makes from `input` (its `entryPoints` or `stdin`), bundled with what it imports, loaded. */
export async function loadBundled(input) {
  const {outputFiles} = await build({
    ...input,
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
  })
  const code = Buffer.from(outputFiles[0].contents).toString('base64')
  return import(`data:text/javascript;base64,${code}`)
}
