import {usageError} from '../../../shared/errors.js'
import type {ChunkOptions} from '../send/chunks.js'
import {Journal, profileJournalPath} from './journal.js'
import {type ImportDiff, planImport, refusesDerivedEdits} from './plan.js'

/**
 * What an import of the file would do, read from the journal of earlier imports of the same file into the
 * same profile (the dry run's answer to "what happens if I run this now?"). Read-only: no lock, no writes.
 */
export interface JournalPreview {
  profile: string
  journal: string
  /** Rows the journal holds from earlier imports of this file. */
  importedBefore: number
  /** Rows the import would send: new ones, changed ones (compared with their payout), follow-ups. */
  wouldSend: number
  /** How the file differs from the one last imported (absent when it is the same, or was never imported). */
  diff?: ImportDiff
  /** The import would refuse the file (exit 5): rows without customId were added or removed. */
  refused: boolean
}

export interface PreviewOptions {
  chunkOptions: ChunkOptions<unknown>
  dataDir: string
  profile: {name: string; origin: string}
  label: string
  batch?: string
  /** The kind of import's journal folder (import-kind.ts). */
  namespace?: string
  api: 'v1' | 'v2'
  andThen?: string
  /** Valid rows of the file: all of them are sent when the journal knows none. */
  valid: number
}

export async function previewAgainstJournal(options: PreviewOptions): Promise<JournalPreview> {
  const {profile} = options
  const path = profileJournalPath(options.dataDir, profile, options.label, options.batch, options.namespace)
  const journal = await Journal.load(path)
  refuseOtherApi(journal, options.api, options.label, profile.name)
  const plan = await planImport(options.chunkOptions, journal, options.andThen)
  return {
    profile: profile.name,
    journal: path,
    importedBefore: journal.rows.size,
    wouldSend: plan.work ?? options.valid,
    ...(plan.diff ? {diff: plan.diff} : {}),
    refused: refusesDerivedEdits(plan, journal),
  }
}

/** A file is imported again with the API of its earlier import (its payouts live there). */
export function refuseOtherApi(journal: Journal, api: 'v1' | 'v2', label: string, profile: string): void {
  if (journal.header && journal.header.api !== api)
    throw usageError(
      `${label} was imported into profile ${profile} with --api ${journal.header.api}; use the same API to import it again`,
    )
}
