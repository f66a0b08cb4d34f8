import type {ApiGeneration} from '../../../contract/primitives.js'
import {usageError} from '../../../shared/errors.js'
import type {ChunkOptions} from '../send/chunks.js'
import {Journal, profileJournalPath} from './journal.js'
import {type ImportPlan, planImport} from './plan.js'

/**
 * The dry run's answer to "what happens if I run this now?": the plan against the journal of earlier imports
 * of the same file into the same profile, read-only (no lock, no writes), and its view for `--json`.
 */

/** What an import of the file would do now, as `--json` shows it: a view of the plan. */
export type JournalPreview = ReturnType<typeof journalPreview>

export const journalPreview = (plan: ImportPlan, profile: string, valid: number) => ({
  profile,
  journal: plan.journal,
  importedBefore: plan.importedBefore,
  /** Rows the import would send (all valid rows when the journal knows none). */
  wouldSend: plan.work ?? valid,
  ...(plan.diff ? {diff: plan.diff} : {}),
  refused: plan.refused,
})

export interface PreviewOptions {
  chunkOptions: ChunkOptions<unknown>
  dataDir: string
  profile: {name: string; origin: string}
  label: string
  batch?: string
  /** The kind of import's journal folder (import-kind.ts). */
  namespace?: string
  api: ApiGeneration
  andThen?: string
}

export async function planAgainstJournal(options: PreviewOptions): Promise<ImportPlan> {
  const {profile} = options
  const path = profileJournalPath(options.dataDir, profile, options.label, options.batch, options.namespace)
  const journal = await Journal.load(path)
  refuseOtherApi(journal, options.api, options.label, profile.name)
  return planImport(options.chunkOptions, journal, options.andThen)
}

/** A file is imported again with the API of its earlier import (its payouts live there). */
export function refuseOtherApi(journal: Journal, api: ApiGeneration, label: string, profile: string): void {
  if (journal.header && journal.header.api !== api)
    throw usageError(
      `${label} was imported into profile ${profile} with --api ${journal.header.api}; use the same API to import it again`,
    )
}
