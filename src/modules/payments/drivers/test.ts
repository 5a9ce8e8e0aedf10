import { randomBytes } from 'node:crypto';
import type { ChargeRequest, DriverResult, FollowUpRequest, GatewayDriver } from './driver.js';

/** The test cards and what each one does; any other number is `invalid_card`. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const declines: Record<string, { code: string; message: string }> = {
  [TEST_CARDS.declined]: { code: 'card_declined', message: 'The card was declined' },
  [TEST_CARDS.insufficientFunds]: { code: 'insufficient_funds', message: 'The card has insufficient funds' },
};

const CAPTURE_MODES = ['automatic', 'manual'];
const SECRET_MAX = 500;

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** `**** **** **** 4242`: only the last four digits ever leave the driver. */
export function maskCardNumber(digits: string): string | null {
  return digits.length >= 4 ? `**** **** **** ${digits.slice(-4)}` : null;
}

/** The card number as digits only: buyers type spaces and dashes. */
function cardDigits(details: ChargeRequest['details']): string {
  return typeof details.card_number === 'string' || typeof details.card_number === 'number'
    ? String(details.card_number).replace(/[\s-]/g, '')
    : '';
}

/** A follow-up needs the authorization (or charge) it acts on, as a real provider would. */
async function followUp(request: FollowUpRequest): Promise<DriverResult> {
  if (!request.authorization) {
    return { status: 'failed', authorization: null, reference: randomId('test_ref'), code: 'missing_authorization',
      message: 'No authorization to act on', isTest: true };
  }
  return { status: 'succeeded', authorization: request.authorization, reference: randomId('test_ref'), code: null, message: null, isTest: true };
}

/**
 * A card gateway that never moves money, for trying the checkout: method `card`; the card in
 * `details.card_number` decides the outcome (TEST_CARDS). Settings: `capture` (`automatic`, the
 * default: a charge; `manual`: an authorization that reserves the funds until a capture) and
 * `secret_key` (a secret: write-only, never shown).
 */
export const testDriver: GatewayDriver = {
  name: 'test',
  description: `Never moves money, for trying the checkout: card ${TEST_CARDS.succeeds} succeeds, ${TEST_CARDS.declined} is declined`,
  settings: [
    { name: 'capture', kind: 'choice', options: CAPTURE_MODES, description: 'automatic (the default) charges at once; manual only authorizes, and staff capture later' },
    { name: 'secret_key', kind: 'secret', description: `a secret (at most ${SECRET_MAX} characters): write-only, never shown` },
  ],
  // The secret is sent nowhere (no provider), so no secretDestination.
  secretSettings: ['secret_key'],
  storefrontSettings: [],

  methods: () => ['card'],

  checkSettings(settings) {
    const errors: Record<string, string> = {};
    for (const [name, value] of Object.entries(settings)) {
      switch (name) {
        case 'capture':
          if (typeof value !== 'string' || !CAPTURE_MODES.includes(value)) errors[name] = `must be one of: ${CAPTURE_MODES.join(', ')}`;
          break;
        case 'secret_key':
          if (typeof value !== 'string' || value.length > SECRET_MAX) errors[name] = `must be text of at most ${SECRET_MAX} characters`;
          break;
        default:
          errors[name] = 'is not a setting of the test driver (capture, secret_key)';
      }
    }
    return errors;
  },

  async authorize(request: ChargeRequest) {
    const kind = request.settings.capture === 'manual' ? 'authorization' : 'charge';
    const reference = randomId('test_ref');
    if (request.details.method !== 'card') {
      return { kind, status: 'failed', authorization: null, reference, code: 'unsupported_method',
        message: `This gateway does not take ${String(request.details.method)}`, isTest: true };
    }
    const digits = cardDigits(request.details);
    const card = { creditCardNumber: maskCardNumber(digits), creditCardBrand: digits.startsWith('4') ? 'visa' : null };
    if (digits !== TEST_CARDS.succeeds) {
      const decline = declines[digits] ?? { code: 'invalid_card', message: 'The card number is not a test card' };
      return { kind, status: 'failed', authorization: null, reference, ...decline, ...card, isTest: true };
    }
    return { kind, status: 'succeeded', authorization: randomId('test_auth'), reference, code: null, message: null, ...card, isTest: true };
  },

  capture: followUp,
  refund: followUp,
  void: followUp,
};
