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
}

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
  /** Checks settings on create and update; returns a message per invalid setting name. */
  checkSettings(settings: Record<string, unknown>): Record<string, string>;
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
