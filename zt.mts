import * as z from 'zod/mini'
import {createPayoutsV2BatchBody, createPayoutV2Body} from './src/contract/requests/index.ts'
const r = z.safeParse(createPayoutsV2BatchBody, {items: [{description: 'x', amount: '1e3', currency: 'EUR', recipient: {type: 'email', email: 'a@b.c'}, counterpartyId: 'x'}]}, {reportInput: true})
console.log(JSON.stringify(r.error?.issues, null, 1).slice(0, 3000))
console.log(JSON.stringify(z.toJSONSchema(createPayoutV2Body, {io: 'input'}), null, 1).slice(0, 2500))
