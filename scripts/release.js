// `npm run release`: the release archives in dist/release, as gh and the Stripe CLI ship theirs. One archive per
// executable of dist/exe (scripts/build-exe.js), payctl_<version>_<os>_<arch>.tar.gz (.zip for Windows), holding a
// folder of that name with the executable (payctl, payctl.exe), LICENSE and README.md; SHA256SUMS over the archives.
// Entries carry the time of the last commit (or SOURCE_DATE_EPOCH): nothing of the machine or the hour is added.
import {execFileSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {tarGz, zip} from './exe/archives.js'
import {TARGETS} from './exe/bun-runtimes.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const exeDir = join(root, 'dist', 'exe')
const out = join(root, 'dist', 'release')
const {version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const mtime = Number(process.env.SOURCE_DATE_EPOCH ?? lastCommitTime())

/** The last commit's time in seconds; outside a git checkout, package.json's. */
function lastCommitTime() {
  try {
    return execFileSync('git', ['log', '-1', '--format=%ct'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return Math.floor(statSync(join(root, 'package.json')).mtimeMs / 1000)
  }
}

rmSync(out, {recursive: true, force: true})
mkdirSync(out, {recursive: true})
const docs = ['LICENSE', 'README.md'].map(name => ({name, data: readFileSync(join(root, name)), mode: 0o644}))
const sums = []
for (const target of TARGETS) {
  const windows = target.name.startsWith('windows')
  const built = join(exeDir, `payctl-${target.name}${windows ? '.exe' : ''}`)
  if (!existsSync(built)) continue
  const [os, arch] = target.name.split('-')
  const folder = `payctl_${version}_${os}_${arch}`
  const entries = [{name: windows ? 'payctl.exe' : 'payctl', data: readFileSync(built), mode: 0o755}, ...docs].map(
    entry => ({...entry, name: `${folder}/${entry.name}`}),
  )
  const file = `${folder}${windows ? '.zip' : '.tar.gz'}`
  const archive = windows ? zip(entries, mtime) : tarGz(entries, mtime)
  writeFileSync(join(out, file), archive)
  sums.push(`${createHash('sha256').update(archive).digest('hex')}  ${file}\n`)
  console.log(`dist/release/${file}: ${(statSync(join(out, file)).size / 1024 / 1024).toFixed(1)} MiB`)
}
if (sums.length === 0) throw new Error('no executables in dist/exe: run npm run build:exe first')
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''))
