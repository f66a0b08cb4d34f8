// `npm run lint` step: the API contract is defined once, in src/contract (docs/contract.md, "Checked by the lint").
// It reads every .ts file under src/ with the TypeScript parser and looks at what each pattern does, not how it
// is spelled:
// - every RegExp (a literal or `new RegExp('…')`) is run against sample values of each contract format (e-mail,
//   phone, UUID, the id forms, IBAN, BIC, date, date-time, country code); one that accepts a format's samples
//   and refuses every other format's is a copy of that format: outside src/contract always an error, inside it
//   an error when a second pattern does the same;
// - every RegExp and every zod object schema outside src/contract must be listed, file by file, in
//   scripts/contract-allow-list.json with the reason it may stay; a new one fails until it is listed;
// - a webhook signature (a hex HMAC-SHA256) is computed only in src/contract;
// - a payout state is compared, switched on, listed or written into SQL only in src/contract (state-words.js);
//   a word of another vocabulary that is spelled like one (an import row `failed`) is listed like a RegExp.
// Usage: node scripts/check-contract.js [ROOT] (ROOT holds src/; default: this repository).
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkContract} from './contract-check/check-tree.js'

const root = resolve(process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), '..'))
const {problems, files} = checkContract(root)
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  process.exit(1)
}
console.log(
  `contract ok: ${files} files; no copy of a contract format outside src/contract, each RegExp and zod object schema outside it listed with its reason, no payout state rule outside the lifecycle`,
)
