import { Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Event, Order } from 'storefront/client';
import { useRelatedEvents } from '../../../api/events';
import { useFulfillments } from '../../../api/fulfillments';
import { useAddOrderComment, useOrderComments, useOrderMails } from '../../../api/orders';
import { AnchorLink } from '../../../components/links';
import { FormAlert } from '../../../components/problem-alert';
import { useCan } from '../../../lib/access';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatMoney, formatTime } from '../../../lib/format';
import { useServerErrors } from '../../../lib/use-server-errors';
import { kindLabel, NotificationStatusBadge } from '../../settings/notifications/notification-words';

interface Entry {
  id: string;
  at: number;
  title: React.ReactNode;
  detail?: React.ReactNode;
}

type Snapshot = Record<string, any>;

/** What an event says happened, in words, from the record as the event saw it. */
function sentenceOf(event: Event, currency: string): { title: string; detail?: string } {
  const record = event.data.object as Snapshot;
  const money = (amount: number) => formatMoney(amount, currency);
  const transactions = (record.transactions ?? []) as Array<{ kind: string; status: string; amount: number }>;
  const sum = (kind: string) => transactions.filter((t) => t.kind === kind && t.status === 'succeeded').reduce((total, t) => total + t.amount, 0);
  switch (event.kind) {
    case 'order.placed':
      return { title: `Order placed by ${record.email ?? 'the buyer'}`, detail: `${money(record.total_price)}${record.source_name ? ` · from ${record.source_name}` : ''}` };
    case 'order.paid':
      return { title: `Paid ${money(record.total_price)}` };
    case 'order.refunded':
      return { title: `Refunded ${money(sum('refund'))} in all` };
    case 'order.canceled':
      return { title: 'Order canceled', detail: record.cancel_reason ?? undefined };
    case 'order.archived':
      return { title: 'Order archived' };
    case 'order.fulfilled':
      return { title: 'Everything shipped' };
    case 'order.updated':
      return { title: 'Order changed', detail: `${record.financial_status} · ${record.fulfillment_status}` };
    case 'fulfillment.created':
    case 'fulfillment.updated': {
      const items = (record.items ?? []) as Array<{ fulfilled_quantity: number; product_name: string; sku_name?: string }>;
      const what = items.map((item) => `${item.fulfilled_quantity} × ${item.sku_name ?? item.product_name}`).join(', ');
      const verb = event.kind === 'fulfillment.created' ? 'Shipped' : `Shipment ${record.status ?? 'updated'}`;
      return { title: `${verb}${what ? `: ${what}` : ''}`, detail: record.tracking_code ? `Tracking ${record.tracking_code}` : undefined };
    }
    default:
      return { title: event.kind };
  }
}

/**
 * The order's timeline, newest first, in words: what happened (its events), the mails sent to the
 * buyer, and the comments staff add here, each with who wrote it.
 */
export function OrderEvents({ order }: { order: Order }) {
  // A role that reads orders but not events or mails (fulfilment) sees the rest of the timeline.
  const { can } = useCan();
  const fulfillments = useFulfillments(order.id);
  const ids = [order.id, ...(fulfillments.data ?? []).map((fulfillment) => fulfillment.id)];
  const events = useRelatedEvents(ids, can('event.read') && (fulfillments.isSuccess || !order.is_shipping_required));
  const comments = useOrderComments(order.id);
  const mails = useOrderMails(order.id, can('notification.read'));

  const entries: Entry[] = [
    ...(events.data ?? []).map((event): Entry => {
      const { title, detail } = sentenceOf(event, order.currency);
      return { id: event.id, at: event.created_at, title, detail };
    }),
    ...(mails.data ?? []).map((mail): Entry => ({
      id: mail.id,
      at: mail.created_at,
      title: (
        <Group gap={6} component="span">
          <span>
            {kindLabel(mail.kind)} mailed to {mail.recipient}
          </span>
          <NotificationStatusBadge status={mail.status} />
        </Group>
      ),
      detail: <AnchorLink to="/settings/notifications/$notificationId" params={{ notificationId: mail.id }}>Read the mail</AnchorLink>,
    })),
    ...(comments.data ?? []).map((comment): Entry => ({
      id: comment.id,
      at: comment.created_at,
      title: `${comment.author?.name ?? 'The server'} commented`,
      detail: (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {comment.body}
        </Text>
      ),
    })),
  ].sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
  const failed = events.error ?? comments.error ?? mails.error;

  return (
    <Section title="Timeline">
      <Stack gap="md">
        <CommentBox orderId={order.id} />
        {failed ? (
          <FormAlert message="The timeline could not be read in full." />
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} aria-label="What happened, newest first">
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} title={entry.title}>
                {entry.detail && (typeof entry.detail === 'string' ? <Text size="sm">{entry.detail}</Text> : entry.detail)}
                <Text size="xs" c="dimmed">
                  {formatTime(entry.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Section>
  );
}

/** Staff's comment on the order, added to its timeline for the colleagues who open it next. */
function CommentBox({ orderId }: { orderId: string }) {
  const add = useAddOrderComment(orderId);
  const form = useForm({ initialValues: { body: '' } });
  const problems = useServerErrors(form, ['body']);
  const submit = form.onSubmit(({ body }) => {
    problems.clear();
    add.mutate(body, { onSuccess: () => form.reset(), onError: problems.show });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <FormAlert message={problems.message} />
        <Textarea label="Comment" placeholder="Leave a comment for the team…" autosize minRows={2} {...form.getInputProps('body')} />
        <Group justify="flex-end">
          <WriteButton action="order.comment" type="submit" size="xs" loading={add.isPending} disabled={form.values.body.trim() === ''}>
            Post comment
          </WriteButton>
        </Group>
      </Stack>
    </form>
  );
}
