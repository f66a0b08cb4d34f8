/**
 * An example request of every operation that takes input, by operation id: its body, and values of its query
 * parameters. The OpenAPI document shows them; test/contract/openapi-examples.test.ts holds each body to the
 * operation's request schema, so an example cannot drift from the contract.
 */

export interface OperationExample {
  body?: Record<string, unknown>
  query?: Record<string, unknown>
}

const PAYOUT_UUID = '0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'
const PAYOUT_V2 = `payout_${PAYOUT_UUID}`
const COUNTERPARTY = 'counterparty_6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'
const REDIRECT = 'https://platform.example.com/payouts/done'

/** An example of the `{id}` of a path, by the resource the path names. */
export function pathIdExample(path: string): string | undefined {
  if (path.startsWith('/api/v1/payout/')) return PAYOUT_UUID
  if (path.startsWith('/api/v2/payouts/')) return PAYOUT_V2
  if (path.startsWith('/api/v2/counterparties/')) return COUNTERPARTY
  if (path.startsWith('/api/v1/webhook/')) return '5c9a7e3b-1d2f-4a6b-8c0e-9f8a7b6c5d4e'
  return undefined
}

const v2Payout = {
  customId: 'invoice-2026-117',
  description: 'Invoice 2026-117: mixing and mastering',
  amount: '480.00',
  currency: 'EUR',
}

export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  createOrUpdatePayoutV1: {
    body: {
      customId: 'royalty-2026-10-0042',
      description: 'Video royalties, October 2026',
      payoutAmount: '125.50',
      currency: 'EUR',
      creatorHandle: 'rita@example.com',
      tags: ['royalties', '2026-10'],
    },
  },
  getPayoutV1: {query: {id_type: 'id'}},
  deletePayoutV1: {query: {id_type: 'custom_id'}},
  listPayoutsV1: {query: {offset: 0, limit: 50, order_by: 'created_at', order_direction: 'desc'}},
  createPayoutSession: {body: {redirectUrl: REDIRECT, payoutId: PAYOUT_UUID, branding: 'team'}},
  createApprovalSession: {body: {redirectUrl: REDIRECT, payoutIds: [PAYOUT_UUID], loginHint: 'finance@example.com'}},
  createKybSession: {body: {redirectUrl: REDIRECT}},
  createAllowanceSession: {body: {redirectUrl: REDIRECT, loginHint: 'owner@example.com'}},
  updateTeamSettings: {body: {dac7ReportingRequired: true}},
  createWebhook: {body: {targetUrl: 'https://platform.example.com/hooks/payouts', eventType: 'payout'}},
  createPayoutV2: {body: {...v2Payout, counterpartyId: COUNTERPARTY, andThen: 'pay'}},
  listPayoutsV2: {query: {limit: 20, status: ['created', 'approved']}},
  createPayoutsV2Batch: {
    body: {
      items: [
        {...v2Payout, counterpartyId: COUNTERPARTY},
        {
          customId: 'invoice-2026-118',
          description: 'Invoice 2026-118: cover artwork',
          amount: '150.00',
          currency: 'EUR',
          recipient: {type: 'email', email: 'artist@example.com'},
        },
      ],
    },
  },
  updatePayoutV2: {body: {amount: '495.00', description: 'Invoice 2026-117, corrected'}},
  approvePayoutV2: {body: {andThen: 'send-claim-link'}},
  approvePayoutsV2: {body: {ids: [PAYOUT_V2, 'invoice-2026-118'], andThen: 'pay'}},
  sendClaimLinksV2: {body: {ids: [PAYOUT_V2]}},
  payPayoutsV2: {body: {ids: [PAYOUT_V2]}},
  createCounterparty: {
    body: {
      customId: 'vendor-0017',
      identity: {type: 'individual', firstName: 'Rita', lastName: 'Recipient'},
      email: 'rita@example.com',
      address: {line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE'},
      paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'DE89370400440532013000'},
    },
  },
  listCounterparties: {query: {limit: 20}},
  updateCounterparty: {body: {email: 'rita.recipient@example.com'}},
  listTransactions: {query: {type: ['payout'], currency: ['EUR'], createdFrom: '2026-11-01T00:00:00Z', limit: 20}},
  createSandboxDeposit: {body: {currency: 'EUR', amount: '1000.00'}},
  registerClient: {
    body: {
      client_name: 'Example platform',
      redirect_uris: ['https://platform.example.com/oauth/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  },
  requestToken: {
    body: {
      grant_type: 'authorization_code',
      code: 'Zm9vYmFyLWNvZGU',
      redirect_uri: 'https://platform.example.com/oauth/callback',
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      client_id: 'platform-client',
      resource: 'https://sandbox.example.com/api/v2',
    },
  },
}
