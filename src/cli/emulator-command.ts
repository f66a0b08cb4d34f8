import type {Command} from '@oclif/core/command'
import {BaseCommand} from './base-command.js'

/**
 * The `payctl emulator …` commands other than `start`: they talk to the control routes of the emulator at the
 * profile's origin (the built-in `local` profile by default), which answer only on the loopback interface.
 */
export abstract class ControlCommand<T extends typeof Command> extends BaseCommand<T> {
  protected control() {
    return this.session.control()
  }
}
