// The baseline of the dry-run benchmark: csv-parse alone streaming the same file (payctl reads it with its own
// tokenizer, src/services/import/read/csv-tokenizer.ts, which reads as csv-parse does with the import's options).
// node bench/csv-parse-alone.js FILE
import {createReadStream} from 'node:fs'
import {parse} from 'csv-parse'

let records = 0
const parser = createReadStream(process.argv[2]).pipe(parse({delimiter: ',', bom: true, relax_column_count: true}))
parser.on('data', () => records++)
await new Promise((resolve, reject) => parser.on('end', resolve).on('error', reject))
if (records < 2) throw new Error('no records')
