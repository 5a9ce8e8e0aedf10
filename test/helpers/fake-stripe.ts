import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * The part of Stripe's REST API the stripe driver uses, on a local port (the gateway's `api_base`):
 * PaymentIntents (create and confirm, capture, cancel) and refunds, read from form-encoded bodies
 * with bracket names as the library sends them, answering Stripe's objects and error bodies, and
 * replaying a request repeated with the same Idempotency-Key (a 500 included, as Stripe does).
 * Payment methods decide the outcome, as Stripe's test ones do (FAKE_PAYMENT_METHODS).
 */

export const FAKE_PAYMENT_METHODS = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  threeDSecure: 'pm_card_threeDSecure2Required',
} as const;

export interface SeenRequest {
  method: string;
  path: string;
  form: Record<string, any>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: Record<string, unknown> | null;
  livemode: false;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  livemode: false;
}

/** How to treat the next requests: close the connection after acting, or answer a 500. */
type Fault = 'drop' | 'error500';

interface Hold {
  /** Resolves once the held request has been acted on and waits to be answered. */
  arrived: Promise<void>;
  release(): void;
}

export class FakeStripe {
  readonly requests: SeenRequest[] = [];
  readonly intents = new Map<string, Intent>();
  readonly charges = new Map<string, Charge>();
  private readonly kept = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private readonly faults: Fault[] = [];
  private holds: Array<{ arrived: () => void; released: Promise<void> }> = [];
  private server: Server | null = null;
  /** The `api_base` to give a stripe gateway. */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Secret keys Stripe says are invalid (revoked, mistyped); every other sk_test_ key is valid. */
  readonly refusedKeys = new Set<string>();

  /** The next `count` requests are acted on, then their connection is closed before any answer. */
  dropNext(count: number): void {
    for (let i = 0; i < count; i += 1) this.faults.push('drop');
  }

  /** The next request is answered with Stripe's 500 api_error, kept under its idempotency key. */
  failNext(): void {
    this.faults.push('error500');
  }

  /** The next request is acted on, then its answer waits until released. */
  holdNext(): Hold {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => { arrived = resolve; });
    const released = new Promise<void>((resolve) => { release = resolve; });
    this.holds.push({ arrived, released });
    return { arrived: arrival, release };
  }

  /** The requests made to one path (`/v1/payment_intents`), oldest first. */
  seen(path: string): SeenRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** The intent made for an order (by its metadata), the last one when several. */
  intentOf(orderId: string): Intent | undefined {
    return [...this.intents.values()].filter((intent) => intent.metadata.order_id === orderId).at(-1);
  }

  /** The buyer confirms with the card issuer (3-D Secure) in the browser: the intent succeeds or fails. */
  completeAction(intentId: string, outcome: 'succeeded' | 'failed'): Intent {
    const intent = this.intents.get(intentId)!;
    if (outcome === 'failed') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The buyer failed to authenticate' };
      return intent;
    }
    this.chargeIntent(intent);
    return intent;
  }

  /** Stripe's dashboard refunds part of a payment: the charge as its charge.refunded event shows it. */
  refundOutside(intentId: string, amount: number): Charge {
    const charge = this.charges.get(this.intents.get(intentId)!.latest_charge!)!;
    charge.amount_refunded += amount;
    return charge;
  }

  /** The charge of an intent, as events show it. */
  chargeOf(intentId: string): Charge {
    return this.charges.get(this.intents.get(intentId)!.latest_charge!)!;
  }

  private chargeIntent(intent: Intent): void {
    const charge: Charge = {
      id: `ch_${randomBytes(12).toString('hex')}`, object: 'charge', amount: intent.amount, amount_refunded: 0, currency: intent.currency,
      payment_intent: intent.id, payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } }, livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const path = (request.url ?? '').split('?')[0]!;
    if (path.startsWith('/v3/')) return this.browser(request.method ?? '', path, text, response);
    const seen: SeenRequest = {
      method: request.method ?? '', path, form: qs.parse(text), idempotencyKey: header(request, 'idempotency-key'), authorization: header(request, 'authorization'),
    };
    this.requests.push(seen);
    const fault = this.faults.shift();
    const hold = this.holds.shift();

    let answer: { status: number; body: unknown; replayed?: boolean };
    const fingerprint = createHash('sha256').update(`${seen.method} ${path} ${text}`).digest('hex');
    const kept = seen.idempotencyKey ? this.kept.get(seen.idempotencyKey) : undefined;
    if (kept && kept.fingerprint !== fingerprint) {
      answer = { status: 400, body: stripeError('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.') };
    } else if (kept) {
      answer = { status: kept.status, body: kept.body, replayed: true };
    } else {
      answer = fault === 'error500'
        ? { status: 500, body: stripeError('api_error', 'An unknown error occurred') }
        : this.act(seen);
      if (seen.idempotencyKey) this.kept.set(seen.idempotencyKey, { fingerprint, status: answer.status, body: answer.body });
    }
    if (fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (hold) {
      hold.arrived();
      await hold.released;
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(answer.body));
  }

  /**
   * What a browser asks of Stripe: the fake Stripe.js (GET /v3/, the `STOREFRONT_STRIPE_JS_URL` of a
   * shop under test) and the two calls it makes, recorded in `requests` with their JSON body as `form`.
   * Stripe.js's own calls carry the publishable key, never the secret one; another origin (the shop's)
   * calls them, so they answer with CORS.
   */
  private browser(method: string, path: string, text: string, response: ServerResponse): void {
    const cors = { 'access-control-allow-origin': '*' };
    if (method === 'GET' && path === '/v3/') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', ...cors });
      response.end(FAKE_STRIPE_JS.replace('__BASE__', JSON.stringify(this.url)));
      return;
    }
    let form: Record<string, any> = {};
    try {
      form = JSON.parse(text);
    } catch { /* answered as a request without its members below */ }
    this.requests.push({ method, path, form, idempotencyKey: undefined, authorization: undefined });
    let answer: { status: number; body: unknown };
    if (method !== 'POST' || !['/v3/payment_methods', '/v3/authenticate'].includes(path)) {
      answer = { status: 404, body: stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path})`) };
    } else if (typeof form.key !== 'string' || !form.key.startsWith('pk_test_')) {
      answer = { status: 401, body: stripeError('invalid_request_error', 'Invalid API Key provided: Stripe.js takes the publishable key (pk_test_…)') };
    } else if (path === '/v3/payment_methods') {
      // Stripe.js's createPaymentMethod: the card typed in the fake element is the PaymentMethod's id.
      answer = (Object.values(FAKE_PAYMENT_METHODS) as string[]).includes(form.card)
        ? { status: 200, body: { id: form.card, object: 'payment_method', type: 'card' } }
        : { status: 402, body: stripeError('card_error', 'Your card number is invalid.', { code: 'invalid_number' }) };
    } else {
      // Stripe.js's handleNextAction: the buyer passes the issuer's 3-D Secure challenge. The intent
      // succeeds here; Stripe's webhook (the test sends it) tells the store.
      const intent = [...this.intents.values()].find((candidate) => candidate.client_secret === form.client_secret);
      answer = intent?.status === 'requires_action'
        ? { status: 200, body: this.completeAction(intent.id, 'succeeded') }
        : { status: 400, body: stripeError('invalid_request_error', 'No PaymentIntent awaits an action with this client secret', { code: 'payment_intent_unexpected_state' }) };
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', ...cors });
    response.end(JSON.stringify(answer.body));
  }

  private act(seen: SeenRequest): { status: number; body: unknown } {
    const key = seen.authorization?.replace(/^Bearer /, '') ?? '';
    if (!key.startsWith('sk_test_') || this.refusedKeys.has(key)) {
      return { status: 401, body: stripeError('invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`) };
    }
    const form = seen.form;
    let match: RegExpExecArray | null;
    // The account the key belongs to: what the driver asks when a key is saved.
    if (seen.method === 'GET' && seen.path === '/v1/account') {
      return { status: 200, body: { id: 'acct_fake', object: 'account', charges_enabled: true, country: 'US', default_currency: 'usd', livemode: false } };
    }
    if (seen.method === 'POST' && seen.path === '/v1/payment_intents') return this.createIntent(form);
    if (seen.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(seen.path))) {
      const intent = this.intents.get(match[1]!);
      if (!intent) return { status: 404, body: stripeError('invalid_request_error', `No such payment_intent: '${match[1]}'`, { code: 'resource_missing' }) };
      return match[2] === 'capture' ? this.capture(intent, form) : this.cancel(intent);
    }
    if (seen.method === 'POST' && seen.path === '/v1/refunds') return this.refund(form);
    return { status: 404, body: stripeError('invalid_request_error', `Unrecognized request URL (${seen.method}: ${seen.path})`) };
  }

  private createIntent(form: Record<string, any>): { status: number; body: unknown } {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1 || typeof form.currency !== 'string') {
      return { status: 400, body: stripeError('invalid_request_error', 'Missing required param: amount or currency', { code: 'parameter_missing' }) };
    }
    if (!Object.values(FAKE_PAYMENT_METHODS).includes(form.payment_method)) {
      return { status: 400, body: stripeError('invalid_request_error', `No such PaymentMethod: '${form.payment_method}'`, { code: 'resource_missing', param: 'payment_method' }) };
    }
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: Intent = {
      id, object: 'payment_intent', amount, amount_capturable: 0, amount_received: 0, currency: form.currency,
      capture_method: form.capture_method ?? 'automatic', status: 'requires_confirmation', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: form.metadata ?? {}, latest_charge: null, last_payment_error: null, livemode: false,
    };
    this.intents.set(id, intent);
    const declines: Record<string, string> = { [FAKE_PAYMENT_METHODS.declined]: 'generic_decline', [FAKE_PAYMENT_METHODS.insufficientFunds]: 'insufficient_funds' };
    const decline = declines[form.payment_method];
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: decline, message: 'Your card was declined.' };
      return { status: 402, body: stripeError('card_error', 'Your card was declined.', { code: 'card_declined', decline_code: decline, payment_intent: intent }) };
    }
    if (form.payment_method === FAKE_PAYMENT_METHODS.threeDSecure) {
      intent.status = 'requires_action';
      return { status: 200, body: { ...intent, next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } } };
    }
    this.chargeIntent(intent);
    return { status: 200, body: this.shown(intent, form.expand) };
  }

  private capture(intent: Intent, form: Record<string, any>): { status: number; body: unknown } {
    if (intent.status !== 'requires_capture') {
      return { status: 400, body: stripeError('invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' }) };
    }
    const amount = form.amount_to_capture === undefined ? intent.amount_capturable : Number(form.amount_to_capture);
    if (amount > intent.amount_capturable) {
      return { status: 400, body: stripeError('invalid_request_error', 'The amount to capture is more than the amount capturable', { code: 'amount_too_large' }) };
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    return { status: 200, body: intent };
  }

  private cancel(intent: Intent): { status: number; body: unknown } {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return { status: 400, body: stripeError('invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' }) };
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    return { status: 200, body: intent };
  }

  private refund(form: Record<string, any>): { status: number; body: unknown } {
    const intent = this.intents.get(form.payment_intent);
    const charge = intent?.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!intent || !charge || intent.status !== 'succeeded') {
      return { status: 400, body: stripeError('invalid_request_error', 'This PaymentIntent has no charge to refund', { code: 'charge_not_refundable' }) };
    }
    const remaining = intent.amount_received - charge.amount_refunded;
    const amount = form.amount === undefined ? remaining : Number(form.amount);
    if (amount > remaining) {
      return { status: 400, body: stripeError('invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, { code: 'amount_too_large' }) };
    }
    charge.amount_refunded += amount;
    return { status: 200, body: { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, charge: charge.id, status: 'succeeded' } };
  }

  private shown(intent: Intent, expand: unknown): unknown {
    const expanded = Array.isArray(expand) && expand.includes('latest_charge');
    return expanded && intent.latest_charge ? { ...intent, latest_charge: this.charges.get(intent.latest_charge) } : intent;
  }
}

/**
 * A test double of Stripe.js (https://js.stripe.com/v3/) with only what the shop's payment step uses:
 * `Stripe(pk)` → `elements({ mode: 'payment', amount, currency, paymentMethodCreation: 'manual' })`,
 * whose payment element is a text input labelled "Card" taking a test PaymentMethod id
 * (FAKE_PAYMENT_METHODS); `elements.submit()`, `createPaymentMethod({ elements })` and
 * `handleNextAction({ clientSecret })`. Like Stripe.js, it refuses what Stripe.js refuses to do: a
 * secret key, a PaymentMethod made before `submit()` or without manual creation. `__BASE__` is the fake's address.
 */
const FAKE_STRIPE_JS = `(function () {
  var base = __BASE__;
  function post(path, body) {
    return fetch(base + path, { method: 'POST', body: JSON.stringify(body) })
      .then(function (res) { return res.json(); })
      .then(function (json) { return json.error ? { error: json.error } : { ok: json }; });
  }
  function integrationError(message) { var error = new Error(message); error.name = 'IntegrationError'; return error; }
  window.Stripe = function (key) {
    if (!/^pk_(test|live)_/.test(key)) throw integrationError('Stripe() takes a publishable key (pk_...)');
    var input = null, submitted = false, settings = null;
    return {
      elements: function (options) {
        if (!options || options.mode !== 'payment' || !(options.amount > 0) || !options.currency) throw integrationError('elements() needs mode, amount and currency');
        settings = options;
        var elements = {
          create: function (type) {
            if (type !== 'payment') throw integrationError('only the payment element is faked');
            return { mount: function (node) {
              node.innerHTML = '<div class="field"><label for="fake-stripe-card">Card</label><input id="fake-stripe-card" autocomplete="off"></div>';
              input = node.querySelector('input');
            } };
          },
          update: function (changes) { Object.assign(settings, changes); },
          submit: function () {
            submitted = Boolean(input && input.value.trim());
            return Promise.resolve(submitted ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
          }
        };
        return elements;
      },
      createPaymentMethod: function (params) {
        if (!params || !params.elements || !submitted) throw integrationError('call elements.submit() before createPaymentMethod()');
        if (settings.paymentMethodCreation !== 'manual') throw integrationError("createPaymentMethod() needs elements({ paymentMethodCreation: 'manual' })");
        submitted = false;
        // amount and currency go along only for the tests to read (Stripe.js sends neither).
        return post('/v3/payment_methods', { key: key, card: input.value.trim(), amount: settings.amount, currency: settings.currency })
          .then(function (answer) { return answer.error ? answer : { paymentMethod: answer.ok }; });
      },
      handleNextAction: function (params) {
        return post('/v3/authenticate', { key: key, client_secret: params.clientSecret })
          .then(function (answer) { return answer.error ? answer : { paymentIntent: answer.ok }; });
      }
    };
  };
})();
`;

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function stripeError(type: string, message: string, extra: Record<string, unknown> = {}): { error: Record<string, unknown> } {
  return { error: { type, message, ...extra } };
}

/** A Stripe event about `object`, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: unknown): Record<string, unknown> {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000), livemode: false, data: { object }, pending_webhooks: 1, request: { id: null, idempotency_key: null },
  };
}

/** The event as Stripe sends it: its JSON and the Stripe-Signature made with the library for `secret`. */
export function signedEvent(event: unknown, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
