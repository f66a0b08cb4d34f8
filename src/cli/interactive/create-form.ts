import type {Session} from '../../operations/session.js'
import type {Answer} from './ask-field.js'

/** What the person checks before anything is sent: label and value rows, the destination among them. */
export interface Summary {
  rows: Array<[label: string, value: string]>
}

/** The questions of one create command, for a person at a terminal who left some of its required flags out. */
export interface CreateForm {
  /** What is created, as the summary and its question name it ("payout"). */
  what: string
  /** What to ask for, given the flags typed (none: the command runs as typed). */
  missing(flags: Record<string, unknown>): Promise<string[]>
  /** The answers, by flag name. */
  ask(flags: Record<string, unknown>, missing: string[], session: Session): Promise<Record<string, Answer>>
  /** The whole input checked as the command checks it, as the rows of the summary. */
  summary(flags: Record<string, unknown>, session: Session): Promise<Summary>
}
