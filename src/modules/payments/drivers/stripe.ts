import Stripe from 'stripe';
import { apiBaseRefusal, apiOriginOf } from './api-base.js';
import type { ChargeRequest, DriverResult, FollowUpRequest, GatewayDriver, GatewayNotice } from './driver.js';
import { GatewayFailure, ProviderSilent, WebhookRefused } from './driver.js';
import { fromStripeAmount, stripeCurrency, toStripeAmount } from './stripe-amounts.js';
import { maskCardNumber } from './test.js';

const CAPTURE_MODES = ['automatic', 'manual'];
const TEXT_MAX = 500;
/** A buyer waits for the answer; Stripe's own default (80 s) would hold the order's claim too long. */
const TIMEOUT_MS = 30_000;
/** Staff wait for a save: a Stripe that does not answer within this is taken as unreachable. */
const VERIFY_TIMEOUT_MS = 10_000;
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,200}$/;
/** Where the library sends requests when the gateway has no api_base. */
const STRIPE_ORIGIN = 'https://api.stripe.com';

const keyRules: Record<string, { pattern: RegExp; words: string }> = {
  secret_key: { pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, words: 'a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_…)' },
  publishable_key: { pattern: /^pk_(test|live)_[A-Za-z0-9_]+$/, words: 'a Stripe publishable key (pk_test_… or pk_live_…)' },
  webhook_secret: { pattern: /^whsec_[A-Za-z0-9_+/=]+$/, words: "the signing secret of the Stripe webhook endpoint (whsec_…)" },
};

const clients = new Map<string, Stripe>();

/**
 * The library's client for these settings, kept per key and base. Retries are the buyer's (or
 * staff's) to make: a retried request reuses its idempotency key, so nothing is charged twice.
 * (The library still retries a closed connection once by itself, with the same key.)
 */
function clientOf(settings: Record<string, unknown>): Stripe {
  const key = String(settings.secret_key ?? '');
  const base = typeof settings.api_base === 'string' && settings.api_base !== '' ? new URL(settings.api_base) : null;
  const cacheKey = `${base?.href ?? ''} ${key}`;
  let client = clients.get(cacheKey);
  if (!client) {
    if (clients.size >= 100) clients.clear();
    client = new Stripe(key, {
      maxNetworkRetries: 0,
      timeout: TIMEOUT_MS,
      telemetry: false,
      // An IPv6 host goes to the socket without the URL's brackets.
      ...(base ? { host: base.hostname.replace(/^\[|\]$/g, ''), port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

function isTestMode(settings: Record<string, unknown>): boolean {
  return typeof settings.secret_key === 'string' && /^(sk|rk)_test_/.test(settings.secret_key);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : value?.id ?? null;
}

function cardOf(intent: Stripe.PaymentIntent): Pick<DriverResult, 'creditCardNumber' | 'creditCardBrand'> {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { creditCardNumber: card?.last4 ? maskCardNumber(card.last4) : null, creditCardBrand: card?.brand ?? null };
}

/** What a PaymentIntent's status means for the order. */
export function resultOfIntent(intent: Stripe.PaymentIntent, isTest: boolean): DriverResult {
  const base = { authorization: intent.id, reference: idOf(intent.latest_charge), isTest, ...cardOf(intent) };
  switch (intent.status) {
    case 'succeeded':
    case 'requires_capture':
      return { ...base, status: 'succeeded', code: null, message: null };
    case 'requires_action':
    case 'requires_confirmation':
    case 'processing':
      return {
        ...base, status: 'pending', code: intent.status,
        message: intent.status === 'processing' ? 'Stripe is processing the payment' : 'The buyer must confirm the payment with the card issuer (3-D Secure)',
        nextAction: {
          type: intent.status === 'processing' ? 'processing' : 'requires_action',
          gateway: 'stripe',
          payment_intent: intent.id,
          client_secret: intent.client_secret,
        },
      };
    default: {
      const error = intent.last_payment_error;
      return { ...base, status: 'failed', code: error?.decline_code ?? error?.code ?? 'payment_failed', message: error?.message ?? 'The payment was declined' };
    }
  }
}

/**
 * A refusal of Stripe as a result: a card or request error (4xx) is a decline the buyer or staff
 * can act on; a server error spends the attempt (Stripe keeps it under the idempotency key); a
 * network, authentication or rate error is thrown as it is (nothing recorded, retry later).
 */
function refusal(error: unknown, isTest: boolean): DriverResult {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
  const result: DriverResult = {
    status: 'failed', authorization: intent?.id ?? null, reference: error.requestId ?? null,
    code: error.decline_code ?? error.code ?? error.type, message: error.message, isTest,
  };
  if (error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeIdempotencyError || (error.statusCode ?? 0) >= 500) {
    throw new GatewayFailure(`Stripe failed: ${error.message}`, { ...result, code: result.code ?? 'processing_error' });
  }
  if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) return result;
  throw error;
}

async function followUp(request: FollowUpRequest, act: (client: Stripe, intent: string, options: Stripe.RequestOptions) => Promise<DriverResult>): Promise<DriverResult> {
  const isTest = isTestMode(request.settings);
  if (!request.authorization) {
    return { status: 'failed', authorization: null, code: 'missing_authorization', message: 'No Stripe PaymentIntent to act on', isTest };
  }
  try {
    return await act(clientOf(request.settings), request.authorization, request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {});
  } catch (error) {
    return refusal(error, isTest);
  }
}

function stripeObject<T>(event: Stripe.Event): T {
  return event.data.object as T;
}

/** A Stripe event in the store's words. */
function noticeOf(event: Stripe.Event, isTest: boolean): GatewayNotice {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated': {
      const intent = stripeObject<Stripe.PaymentIntent>(event);
      if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') return { type: 'ignored' };
      return {
        type: 'payment_succeeded', orderId: intent.metadata?.order_id ?? null, authorization: intent.id,
        kind: intent.status === 'requires_capture' ? 'authorization' : 'charge',
        amount: fromStripeAmount(intent.amount, intent.currency), currency: intent.currency.toUpperCase(), result: resultOfIntent(intent, isTest),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = stripeObject<Stripe.PaymentIntent>(event);
      const error = intent.last_payment_error;
      return {
        type: 'payment_failed', orderId: intent.metadata?.order_id ?? null, authorization: intent.id,
        code: error?.decline_code ?? error?.code ?? 'payment_failed', message: error?.message ?? 'The payment failed',
      };
    }
    case 'charge.refunded': {
      const charge = stripeObject<Stripe.Charge>(event);
      const intent = idOf(charge.payment_intent);
      if (!intent) return { type: 'ignored' };
      return { type: 'refunded', authorization: intent, amountRefunded: fromStripeAmount(charge.amount_refunded, charge.currency), currency: charge.currency.toUpperCase(), reference: charge.id };
    }
    case 'charge.dispute.created': {
      const dispute = stripeObject<Stripe.Dispute>(event);
      const intent = idOf(dispute.payment_intent);
      if (!intent) return { type: 'ignored' };
      return {
        type: 'disputed', authorization: intent, amount: fromStripeAmount(dispute.amount, dispute.currency), currency: dispute.currency.toUpperCase(),
        reference: dispute.id, reason: dispute.reason ?? null, isTest,
      };
    }
    default:
      return { type: 'ignored' };
  }
}

/**
 * Cards through Stripe (method `card`): the browser turns the card into a PaymentMethod with Stripe.js
 * (`payment[payment_method_id]`, `pm_…`), and the server creates and confirms a PaymentIntent for the
 * order's total with it, so card numbers never reach the store. Settings: `secret_key` and
 * `webhook_secret` (secrets), `publishable_key` (shown to the storefront for Stripe.js), `capture`
 * (automatic, the default; manual only authorizes) and `api_base` (another address of Stripe's API,
 * bound to the secret key: moving it asks for the key again).
 */
export const stripeDriver: GatewayDriver = {
  name: 'stripe',
  description: 'Cards through Stripe: the storefront collects the card with Stripe.js, the server charges it; Stripe\'s webhooks settle 3-D Secure payments, refunds and disputes',
  settings: [
    { name: 'publishable_key', kind: 'text', description: 'the publishable key (pk_…), given to the storefront for Stripe.js' },
    { name: 'secret_key', kind: 'secret', description: 'the secret key (sk_… or a restricted rk_…): write-only, never shown' },
    { name: 'webhook_secret', kind: 'secret', description: 'the signing secret (whsec_…) of the Stripe webhook endpoint pointed at POST /v1/gateways/{id}/webhooks: write-only, never shown' },
    { name: 'capture', kind: 'choice', options: CAPTURE_MODES, description: 'automatic (the default) charges at once; manual only authorizes, and staff capture later' },
    {
      name: 'api_base', kind: 'text',
      description: "another address of Stripe's API (an https origin; http only on loopback), for tests; leave empty for Stripe itself. Changing it asks for the secret key again",
    },
  ],
  secretSettings: ['secret_key', 'webhook_secret'],
  storefrontSettings: ['publishable_key'],
  // The webhook secret is not bound: it only checks what Stripe sends to the store, and goes nowhere.
  secretDestination: { secrets: ['secret_key'], settings: ['api_base'], originOf: (settings) => apiOriginOf(settings.api_base, STRIPE_ORIGIN) },

  methods: () => ['card'],

  checkSettings(settings) {
    const errors: Record<string, string> = {};
    for (const [name, value] of Object.entries(settings)) {
      const rule = keyRules[name];
      if (rule) {
        if (typeof value !== 'string' || value.length > TEXT_MAX || !rule.pattern.test(value)) errors[name] = `must be ${rule.words}`;
      } else if (name === 'capture') {
        if (typeof value !== 'string' || !CAPTURE_MODES.includes(value)) errors[name] = `must be one of: ${CAPTURE_MODES.join(', ')}`;
      } else if (name === 'api_base') {
        const refusal = apiBaseRefusal(value);
        if (refusal) errors[name] = refusal;
      } else {
        errors[name] = 'is not a setting of the stripe driver (publishable_key, secret_key, webhook_secret, capture, api_base)';
      }
    }
    for (const required of ['secret_key', 'publishable_key']) {
      if (settings[required] === undefined) errors[required] ??= 'is required';
    }
    return errors;
  },

  async verifySettings(settings): Promise<Record<string, string>> {
    try {
      // The account the key belongs to: any valid key may read it (a restricted key without that
      // permission is still a valid key, refused for its permissions only).
      await clientOf(settings).accounts.retrieveCurrent({}, { timeout: VERIFY_TIMEOUT_MS });
      return {};
    } catch (error) {
      if (error instanceof Stripe.errors.StripePermissionError) return {};
      if (error instanceof Stripe.errors.StripeAuthenticationError || (error instanceof Stripe.errors.StripeError && error.statusCode === 401)) {
        return { secret_key: `was refused by Stripe: ${error.message}` };
      }
      const why = error instanceof Error ? error.message : String(error);
      throw new ProviderSilent(`Stripe did not answer at ${apiOriginOf(settings.api_base, STRIPE_ORIGIN)} (${why})`);
    }
  },

  checkPayment(details): Record<string, string> {
    const id = details.payment_method_id;
    if (typeof id !== 'string' || !PAYMENT_METHOD_ID.test(id)) return { payment_method_id: 'must be the id (pm_…) of the PaymentMethod Stripe.js made from the card' };
    return {};
  },

  async authorize(request: ChargeRequest) {
    const isTest = isTestMode(request.settings);
    const kind = request.settings.capture === 'manual' ? 'authorization' : 'charge';
    try {
      const intent = await clientOf(request.settings).paymentIntents.create({
        amount: toStripeAmount(request.amount, request.currency),
        currency: stripeCurrency(request.currency),
        payment_method: String(request.details.payment_method_id),
        allowed_payment_method_types: ['card'],
        confirm: true,
        capture_method: kind === 'authorization' ? 'manual' : 'automatic',
        metadata: { order_id: request.orderId },
        expand: ['latest_charge'],
      }, {
        // The order and its attempt, not the request's key: a retry of this attempt, keyed or not,
        // gets the PaymentIntent already made; an attempt recorded (declined) moves on.
        idempotencyKey: `${request.orderId}-payment-${request.attempt}`,
      });
      return { kind, ...resultOfIntent(intent, isTest) };
    } catch (error) {
      return { kind, ...refusal(error, isTest) };
    }
  },

  capture: (request) => followUp(request, async (client, intent, options) => {
    const captured = await client.paymentIntents.capture(intent, { amount_to_capture: toStripeAmount(request.amount, request.currency) }, options);
    return { ...resultOfIntent(captured, isTestMode(request.settings)), authorization: intent };
  }),

  refund: (request) => followUp(request, async (client, intent, options) => {
    const refund = await client.refunds.create({ payment_intent: intent, amount: toStripeAmount(request.amount, request.currency) }, options);
    const failed = refund.status === 'failed' || refund.status === 'canceled';
    return {
      status: failed ? 'failed' : 'succeeded', authorization: intent, reference: refund.id, isTest: isTestMode(request.settings),
      code: failed ? refund.failure_reason ?? 'refund_failed' : null, message: failed ? 'Stripe could not refund the payment' : null,
    };
  }),

  void: (request) => followUp(request, async (client, intent, options) => {
    const canceled = await client.paymentIntents.cancel(intent, {}, options);
    const isTest = isTestMode(request.settings);
    return canceled.status === 'canceled'
      ? { status: 'succeeded', authorization: intent, reference: canceled.id, code: null, message: null, isTest }
      : { status: 'failed', authorization: intent, reference: canceled.id, code: canceled.status, message: 'Stripe did not cancel the payment', isTest };
  }),

  readWebhook(settings, body, headers) {
    const secret = settings.webhook_secret;
    const signature = headers['stripe-signature'];
    if (typeof secret !== 'string' || secret === '') throw new WebhookRefused('This gateway has no webhook_secret: set the signing secret of its Stripe webhook endpoint');
    if (typeof signature !== 'string') throw new WebhookRefused('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(body, signature, secret);
    } catch {
      throw new WebhookRefused('The Stripe-Signature does not verify with this gateway\'s webhook_secret');
    }
    return { eventId: event.id, kind: event.type, notice: noticeOf(event, event.livemode === false) };
  },
};
