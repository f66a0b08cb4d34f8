import type {Command} from '@oclif/core/command'
import type {ResultName} from '../results/index.js'
import {BaseCommand} from './base-command.js'

/**
 * The `payctl emulator …` commands other than `start`: they talk to the control routes of the emulator at the
 * profile's origin (the built-in `local` profile by default), which answer only on the loopback interface.
 */
export abstract class ControlCommand<T extends typeof Command, R extends ResultName> extends BaseCommand<T, R> {
  protected control() {
    return this.session.control()
  }
}
