import {controlCharacterProblem, normalizeCustomId} from '../../contract/primitives.js'
import {invalidField} from '../http/api-failure.js'

/** An id or customId from the path: control characters are a VALIDATION_ERROR naming `id`; customIds match in NFC. */
export function checkedPathId(id: string): string {
  const problem = controlCharacterProblem(id)
  if (problem) throw invalidField('id', problem)
  return normalizeCustomId(id)
}
