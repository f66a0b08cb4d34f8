import {paymentMethodType} from '../domain/reference-data.js'
import {methodsFor} from './claim-page.js'

/**
 * What the page calls a payment method's type: its name among the payment-method types (`GET
 * /api/v2/payment-method-types`), else the claim page's name of the method a recipient claimed with (PayPal, Venmo,
 * Fedwire are claimed, not saved on counterparties), else the type as the API names it.
 */
export function methodName(type: string): string {
  return paymentMethodType(type)?.name ?? methodsFor('EUR')[type.replace('_', '-')]?.label ?? type
}
