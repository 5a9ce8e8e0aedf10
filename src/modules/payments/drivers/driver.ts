/**
 * A payment gateway driver: the one interface every way of taking money implements (DESIGN.md §5).
 * Services call drivers outside database transactions: a slow provider must not hold rows locked.
 */

/** What the buyer sent with `POST /v1/checkouts/{id}/payment`, under `payment`. */
export interface PaymentDetails {
  method: string;
  [field: string]: unknown;
}

export interface ChargeRequest {
  orderId: string;
  amount: number;
  currency: string;
  details: PaymentDetails;
  /** The gateway's settings as stored (secrets included). */
  settings: Record<string, unknown>;
  /** As on FollowUpRequest: the request's Idempotency-Key in its caller's scope, when it sent one. */
  idempotencyKey?: string | null;
  /**
   * Which payment of the order this is (1 for the first): it moves on once an attempt is recorded
   * (declined, given back, left to the buyer), so a provider keying requests by order and attempt
   * replays a retry of the same attempt instead of charging again.
   */
  attempt: number;
}

/** A previous transaction a capture, refund or void acts on. */
export interface FollowUpRequest {
  orderId: string;
  amount: number;
  currency: string;
  /** The provider's reference of the authorization or charge acted on. */
  authorization: string | null;
  settings: Record<string, unknown>;
  /**
   * The request's Idempotency-Key hashed in its caller's scope, when it sent one: a provider that
   * takes idempotency keys gets it, so a retry after a crash never moves the money twice there either.
   */
  idempotencyKey?: string | null;
}

/**
 * What the provider said. `succeeded` moved the money (or, for an authorization, reserved it);
 * `pending` waits for something outside (a bank transfer); `failed` was declined.
 */
export interface DriverResult {
  status: 'succeeded' | 'pending' | 'failed';
  authorization?: string | null;
  reference?: string | null;
  /** A decline code (`card_declined`, `insufficient_funds`) or the provider's code. */
  code?: string | null;
  message?: string | null;
  creditCardNumber?: string | null;
  creditCardBrand?: string | null;
  isTest: boolean;
  /**
   * The buyer must act in the browser (3-D Secure) before the provider settles the payment: the
   * result is `pending`, the order stays unplaced and the provider's webhook settles it. What the
   * storefront needs to act (for Stripe, the PaymentIntent's client secret) goes to it as
   * `meta.next_action`, and is never stored.
   */
  nextAction?: NextAction | null;
}

/** What the storefront needs to let the buyer confirm a payment (`meta.next_action` of the payment's answer). */
export interface NextAction {
  type: 'requires_action' | 'processing';
  gateway: string;
  payment_intent: string;
  client_secret: string | null;
}

/**
 * The provider failed in a way that spends the attempt (Stripe keeps a 500 under its idempotency
 * key): `recorded` is kept as a failed transaction, so the next attempt is a new request.
 */
export class GatewayFailure extends Error {
  constructor(message: string, readonly recorded: DriverResult) {
    super(message);
  }
}

/**
 * What a provider's webhook told, in the store's words. `payment_succeeded` and `payment_failed`
 * name the order the payment was for; `refunded` and `disputed` name the provider's reference of
 * the payment (`authorization`). Amounts are in the store's minor units.
 */
export type GatewayNotice =
  | { type: 'payment_succeeded'; orderId: string | null; authorization: string; kind: 'charge' | 'authorization'; amount: number; currency: string;
    result: DriverResult }
  | { type: 'payment_failed'; orderId: string | null; authorization: string; code: string | null; message: string | null }
  | { type: 'refunded'; authorization: string; amountRefunded: number; currency: string; reference: string | null }
  | { type: 'disputed'; authorization: string; amount: number; currency: string; reference: string; reason: string | null; isTest: boolean }
  | { type: 'ignored' };

/** A webhook the provider did not sign (or signed with another secret): refused, nothing read. */
export class WebhookRefused extends Error {}

/** The provider could not be reached, or failed, while settings were checked (verifySettings). */
export class ProviderSilent extends Error {}

/**
 * One setting a driver takes, as `GET /v1/gateway_drivers` describes it so a form can ask for it:
 * free text, one of `options`, a list of them, or a secret (write-only text).
 */
export interface SettingSpec {
  name: string;
  kind: 'text' | 'choice' | 'choices' | 'secret';
  options?: readonly string[];
  description: string;
}

/**
 * Where a driver sends its secrets. A write that changes it must send each of `secrets` again
 * (DESIGN.md §10): a secret is sent only to the host it was saved for, so staff who cannot read a
 * secret cannot redirect it either.
 */
export interface SecretDestination {
  /** The secrets sent there (Stripe's secret_key; not a secret that only checks what arrives). */
  readonly secrets: readonly string[];
  /** The settings that decide where (api_base), as the message asking for the secrets names them. */
  readonly settings: readonly string[];
  /** Where the secrets go with these settings, as an origin (`https://api.stripe.com`). */
  originOf(settings: Record<string, unknown>): string;
}

export interface GatewayDriver {
  /** The `driver` value of a gateway (`manual`, `test`). */
  readonly name: string;
  /** What the driver is for, in a sentence for staff. */
  readonly description: string;
  /** Every setting `checkSettings` accepts, in the order a form asks for them; the secrets among them are `secretSettings`. */
  readonly settings: readonly SettingSpec[];
  /** The payment methods it offers with these settings (`card`; `transfer`, `cash`). */
  methods(settings: Record<string, unknown>): string[];
  /** Setting names whose values are secrets: write-only, masked in every answer. */
  readonly secretSettings: readonly string[];
  /** The settings a storefront sees (Stripe's publishable key, manual instructions); the rest are staff's. */
  readonly storefrontSettings: readonly string[];
  /** Where its secrets are sent, when it sends any to an address the settings choose. */
  readonly secretDestination?: SecretDestination;
  /** Checks settings on create and update; returns a message per invalid setting name. */
  checkSettings(settings: Record<string, unknown>): Record<string, string>;
  /**
   * Asks the provider whether the settings' credentials work (Stripe: `GET /v1/account` with the
   * secret key), after `checkSettings` passed and before they are stored; a message per setting the
   * provider refused. A driver without it has nothing to ask.
   * @throws ProviderSilent when the provider did not answer: nothing can be said of the credentials.
   */
  verifySettings?(settings: Record<string, unknown>): Promise<Record<string, string>>;
  /** Checks what the buyer sent under `payment` before anything is charged; a message per member name. */
  checkPayment?(details: PaymentDetails): Record<string, string>;
  /**
   * Reads a webhook of the provider (`POST /v1/gateways/{id}/webhooks`) from its raw body, after
   * checking its signature: the event's id (for de-duplication), its type and what it tells. A driver without
   * it takes no webhooks.
   * @throws WebhookRefused when the signature does not verify.
   */
  readWebhook?(settings: Record<string, unknown>, body: Buffer, headers: Record<string, string | string[] | undefined>): { eventId: string; kind: string; notice: GatewayNotice };
  /**
   * Takes a payment: a charge (`kind: 'charge'`), or an authorization only (`kind: 'authorization'`)
   * when the gateway captures later (test driver with `capture: manual`) or the money comes outside
   * (manual driver: `pending`).
   */
  authorize(request: ChargeRequest): Promise<DriverResult & { kind: 'charge' | 'authorization' }>;
  capture(request: FollowUpRequest): Promise<DriverResult>;
  refund(request: FollowUpRequest): Promise<DriverResult>;
  void(request: FollowUpRequest): Promise<DriverResult>;
}
