import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { settleFailed, settleSucceeded } from '../checkout/payment-settlement.js';
import { recordGatewayDispute, recordGatewayRefund } from '../orders/gateway-moves.js';
import { WebhookRefused } from './drivers/driver.js';
import { driverFor } from './drivers/registry.js';
import * as events from './gateway-events.repo.js';
import { findGateway, gatewaySettings } from './gateways.service.js';

export interface WebhookReceipt {
  object: 'gateway_event';
  id: string;
  kind: string;
  /** True when the event had been settled already: nothing was done again. */
  duplicate: boolean;
}

/**
 * Settles a webhook of a payment provider, sent to the gateway it is for: the signature is checked
 * by the driver (with the gateway's webhook secret) before anything is read, and an event settled
 * already is answered as a duplicate without acting again. A payment taken places its order (or is
 * given back), a payment failed marks its pending transaction, a refund made at the provider is
 * recorded as a refund, a dispute as a pending dispute transaction; each with its order events.
 * A disabled gateway still takes webhooks: they settle money of orders it took.
 * @throws Problem not_found (no such gateway, or its driver takes no webhooks); unauthorized (the
 * signature does not verify, or the gateway has no webhook secret); invalid_state while a payment of the order is under way, so the
 * provider delivers the event again later.
 */
export async function receiveGatewayWebhook(
  ctx: Ctx, gatewayId: string, body: Buffer, headers: Record<string, string | string[] | undefined>,
): Promise<WebhookReceipt> {
  const gateway = await findGateway(ctx.db, gatewayId);
  const driver = gateway ? driverFor(gateway.driver) : undefined;
  if (!gateway || !driver?.readWebhook) throw Problem.notFound('gateway', gatewayId);
  let read: ReturnType<NonNullable<typeof driver.readWebhook>>;
  try {
    read = driver.readWebhook(gatewaySettings(gateway), body, headers);
  } catch (error) {
    if (error instanceof WebhookRefused) throw new Problem('unauthorized', error.message);
    throw error;
  }
  const { eventId, kind, notice } = read;
  if (await events.isEventKept(ctx.db, gateway.id, eventId)) return { object: 'gateway_event', id: eventId, kind, duplicate: true };

  // The provider, not a caller, acts: the orders of every channel are its to settle.
  const system: Ctx = { ...ctx, actor: { kind: 'system' } };
  switch (notice.type) {
    case 'payment_succeeded':
      await settleSucceeded(system, gateway, driver, notice);
      break;
    case 'payment_failed':
      await settleFailed(system, notice);
      break;
    case 'refunded':
      await recordGatewayRefund(system, notice, `gateway-event:${gateway.id}:${eventId}`);
      break;
    case 'disputed':
      await recordGatewayDispute(system, notice);
      break;
    case 'ignored':
      break;
  }
  await events.keepEvent(ctx.db, { gateway_id: gateway.id, event_id: eventId, kind, created_at: ctx.now() });
  return { object: 'gateway_event', id: eventId, kind, duplicate: false };
}
