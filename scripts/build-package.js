// `npm run build` step, after `oclif manifest` (the core script holds the manifest): the npm package's CLI, the
// two scripts of scripts/cli/build-scripts.js in dist/payctl for Node 20 and later, with the packages that must stay
// files in node_modules left out, and dist/payctl/loader.cjs, which bin/run.js starts them with.
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {buildCliScripts, bundleLoader, LEFT_IN_NODE_MODULES} from './cli/build-scripts.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, 'dist', 'payctl')
await buildCliScripts({dir, target: 'node20', external: LEFT_IN_NODE_MODULES})
await bundleLoader(join(root, 'scripts', 'cli', 'package-loader.cjs'), join(dir, 'loader.cjs'))
