import type {Command} from '@oclif/core/command'
import type {EmulatorControl} from '../client/emulator-control.js'
import {usageError} from '../shared/errors.js'
import {userAgent} from '../shared/runtime.js'
import {BaseCommand} from './base-command.js'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

/**
 * The `payctl emulator …` commands other than `start`: they talk to the control routes of the emulator at the
 * profile's origin (the built-in `local` profile by default), which answer only on the loopback interface.
 */
export abstract class ControlCommand<T extends typeof Command> extends BaseCommand<T> {
  private controlInstance?: EmulatorControl

  protected async control(): Promise<EmulatorControl> {
    if (this.controlInstance) return this.controlInstance
    const profile = await this.profile()
    const host = new URL(profile.origin).hostname
    if (!LOOPBACK.test(host))
      throw usageError(
        `profile "${profile.name}" points at ${profile.origin}; the emulator commands talk to a local emulator only`,
        ['use --profile local, or a profile whose origin is the emulator on 127.0.0.1'],
      )
    const {EmulatorControl} = await import('../client/emulator-control.js')
    this.controlInstance = new EmulatorControl({
      origin: profile.origin,
      userAgent: userAgent(this.config.version),
      debug: this.debugTrace(),
    })
    return this.controlInstance
  }

  override async finally(error: Error | undefined): Promise<unknown> {
    await this.controlInstance?.close()
    return super.finally(error)
  }
}
