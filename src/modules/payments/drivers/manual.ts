import { randomBytes } from 'node:crypto';
import type { ChargeRequest, DriverResult, GatewayDriver } from './driver.js';

/** The ways of paying outside the store the manual driver knows. */
export const MANUAL_METHODS = ['transfer', 'cash'] as const;

const INSTRUCTIONS_MAX = 2000;

function reference(): string {
  return `manual_${randomBytes(12).toString('hex')}`;
}

function offered(settings: Record<string, unknown>): string[] {
  const narrowed = settings.methods;
  if (!Array.isArray(narrowed)) return [...MANUAL_METHODS];
  return MANUAL_METHODS.filter((method) => narrowed.includes(method));
}

/** Staff record what happened outside the store: every follow-up simply succeeds. */
async function recorded(): Promise<DriverResult> {
  return { status: 'succeeded', authorization: null, reference: reference(), isTest: false };
}

/**
 * Money that comes outside the store: a bank transfer or cash on delivery. A payment is an
 * authorization left `pending` (the order waits, financial_status `pending`); staff record the money
 * when it arrives with a capture. Settings: `methods` (a non-empty subset of transfer and cash) and
 * `instructions` (text for the buyer, such as the account to pay into). No secrets.
 */
export const manualDriver: GatewayDriver = {
  name: 'manual',
  description: 'Money paid outside the store (bank transfer, cash): the order waits until staff capture the payment when the money arrives',
  settings: [
    { name: 'methods', kind: 'choices', options: MANUAL_METHODS, description: 'the ways of paying offered (all when left out)' },
    { name: 'instructions', kind: 'text', description: `text for the buyer, such as the account to pay into (at most ${INSTRUCTIONS_MAX} characters)` },
  ],
  secretSettings: [],
  // The methods offered are the gateway's `methods` already.
  storefrontSettings: ['instructions'],

  methods: offered,

  checkSettings(settings) {
    const errors: Record<string, string> = {};
    for (const [name, value] of Object.entries(settings)) {
      switch (name) {
        case 'methods':
          if (!Array.isArray(value) || value.length === 0 || value.some((m) => !(MANUAL_METHODS as readonly unknown[]).includes(m))) {
            errors[name] = `must be a non-empty list of: ${MANUAL_METHODS.join(', ')}`;
          } else if (new Set(value).size !== value.length) {
            errors[name] = 'must not repeat a method';
          }
          break;
        case 'instructions':
          if (typeof value !== 'string' || value.length > INSTRUCTIONS_MAX) errors[name] = `must be text of at most ${INSTRUCTIONS_MAX} characters`;
          break;
        default:
          errors[name] = 'is not a setting of the manual driver (methods, instructions)';
      }
    }
    return errors;
  },

  async authorize(request: ChargeRequest) {
    if (!offered(request.settings).includes(request.details.method)) {
      return {
        kind: 'authorization', status: 'failed', authorization: null, reference: reference(), code: 'unsupported_method',
        message: `This gateway does not take ${String(request.details.method)}`, isTest: false,
      };
    }
    return {
      kind: 'authorization', status: 'pending', authorization: null, reference: reference(), code: null,
      message: 'Awaiting payment outside the store; record it with a capture when it arrives', isTest: false,
    };
  },

  capture: recorded,
  refund: recorded,
  void: recorded,
};
