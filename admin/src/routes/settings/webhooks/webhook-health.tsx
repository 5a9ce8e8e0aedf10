import { Badge } from '@mantine/core';
import type { Webhook } from 'storefront/client';
import { formatTime } from '../../../lib/format';

/** How an endpoint is doing, in the words staff act on: failing or stopped ones ask for a look. */
export function webhookHealth(webhook: Webhook): { label: string; colour: string; detail: string | null } {
  if (!webhook.is_enabled && webhook.disabled_reason) return { label: 'Stopped', colour: 'red', detail: webhook.disabled_reason };
  if (!webhook.is_enabled) return { label: 'Off', colour: 'gray', detail: 'Turned off by staff' };
  if (webhook.failing_since !== null) return { label: 'Failing', colour: 'red', detail: `Failing since ${formatTime(webhook.failing_since)}` };
  return { label: 'Healthy', colour: 'green', detail: null };
}

export function WebhookHealthBadge({ webhook }: { webhook: Webhook }) {
  const health = webhookHealth(webhook);
  return (
    <Badge color={health.colour} variant="light" radius="sm" title={health.detail ?? undefined}>
      {health.label}
    </Badge>
  );
}

/** An endpoint's topics as a short phrase. */
export function topicsOf(webhook: Webhook): string {
  return webhook.events.includes('*') ? 'Every event' : webhook.events.join(', ');
}
