import {Args} from '@oclif/core'
import {BaseCommand} from '../../base-command.js'
import {usageError} from '../../errors.js'
import {apiFlag, customIdFlag} from '../../flags.js'
import {parsePayoutId} from '../../ids.js'

export default class PayoutsGet extends BaseCommand<typeof PayoutsGet> {
  static override summary = 'Show one payout.'
  static override description =
    'Takes a v1 UUID, a v2 payout_… id, or your own key with --custom-id. Shows the v2 representation; --api v1 shows the v1 one (creator handle, payout type).'

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    '<%= config.bin %> <%= command.id %> 0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --api v1 --json',
  ]

  static override args = {
    id: Args.string({description: 'Payout id: a UUID or payout_<UUID>.'}),
  }

  static override flags = {
    'custom-id': customIdFlag,
    api: apiFlag('v2'),
  }

  async run(): Promise<void> {
    const {id} = this.args
    const customId = this.flags['custom-id']
    if (Boolean(id) === Boolean(customId)) throw usageError('give a payout id or --custom-id (exactly one)')
    const ref = id ? parsePayoutId(id) : undefined
    const client = await this.client()
    const {showPayoutV1, showPayoutV2} = await import('../../output/payouts.js')
    if (this.flags.api === 'v1') {
      const payout = ref ? await client.v1.payouts.get(ref.v1) : await client.v1.payouts.get(customId!, 'custom_id')
      if (this.flags.json) this.out.printJson(payout)
      else showPayoutV1(this.out, payout)
      return
    }
    const payout = await client.v2.payouts.get(ref ? ref.v2 : customId!)
    if (this.flags.json) this.out.printJson(payout)
    else showPayoutV2(this.out, payout)
  }
}
