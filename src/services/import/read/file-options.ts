import {usageError} from '../../../shared/errors.js'
import {encodingProblem} from './decode.js'
import {type Delimiter, parseDelimiterFlag} from './sniff.js'

/** --encoding and --delimiter of import and import-status, checked before the file is read. */
export async function checkFileOptions(
  encoding: string,
  delimiter: string | undefined,
): Promise<Delimiter | undefined> {
  const encodingIssue = await encodingProblem(encoding)
  if (encodingIssue) throw usageError(encodingIssue)
  if (delimiter === undefined) return undefined
  const parsed = parseDelimiterFlag(delimiter)
  if (!parsed) throw usageError(`--delimiter: "${delimiter}" is not one of "," ";" or tab`)
  return parsed
}
