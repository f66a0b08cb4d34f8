/** The counterparty the id argument or --custom-id names (exactly one of them), as the API's paths take it. */
export async function namedCounterparty(input: {id?: string; 'custom-id'?: string}): Promise<string> {
  const {counterpartyRef} = await import('../../services/counterparties/counterparty-service.js')
  return counterpartyRef(input.id, input['custom-id'])
}
