import { Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useCustomerEmails, useDisableGiftCard, useGiftCard, useOrderNumbers, type GiftCard } from '../../../api/gift-cards';
import { AnchorLink } from '../../../components/links';
import { ListTable } from '../../../components/list-panel';
import { RecordFrame } from '../../../components/record-frame';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatMoney, formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { cardName, giftCardState, movementInWords, stateColours, stateWords } from '../gift-card-words';

const route = getRouteApi('/_shell/gift-cards/$giftCardId');

/** One gift card: its balance, whom it was issued to, the history of its balance, and disabling it. */
export function GiftCardPage() {
  const { giftCardId } = route.useParams();
  const card = useGiftCard(giftCardId);
  return (
    <RecordFrame query={card} noun="gift card" back={{ to: '/gift-cards', label: 'Gift cards' }}>
      {(data) => <GiftCardView card={data} />}
    </RecordFrame>
  );
}

function GiftCardView({ card }: { card: GiftCard }) {
  const state = giftCardState(card);
  const email = useCustomerEmails([card.customer_id]).get(card.customer_id ?? '');
  const movements = card.movements ?? [];
  const numbers = useOrderNumbers(movements.map((movement) => movement.order_id));
  const money = (amount: number) => formatMoney(amount, card.currency);

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} ff="monospace">
              {cardName(card)}
            </Title>
            <Badge variant="light" radius="sm" color={stateColours[state]}>
              {stateWords[state]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Gift card · Issued {formatTime(card.created_at)} · {card.id}
          </Text>
        </Stack>
        {card.is_enabled && <DisableButton card={card} />}
      </Group>
      <Section title="Balance">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Fact label="Balance" value={`${money(card.balance)} of ${money(card.initial_value)}`} />
          <Fact label="Currency" value={card.currency} />
          <Fact label="Expires" value={card.expires_at === null ? 'Never' : formatTime(card.expires_at)} />
          <Fact
            label="Customer"
            value={
              card.customer_id ? (
                <AnchorLink to="/customers/$customerId" params={{ customerId: card.customer_id }}>
                  {email ?? card.customer_id}
                </AnchorLink>
              ) : (
                'None'
              )
            }
          />
        </SimpleGrid>
        {card.note && (
          <Text size="sm" mt="md">
            <Text span fw={600}>
              Note:
            </Text>{' '}
            {card.note}
          </Text>
        )}
      </Section>
      <Section title="History">
        <ListTable label="History" minWidth={520} compact columns={<><Table.Th>When</Table.Th><Table.Th>What</Table.Th><Table.Th ta="right">Amount</Table.Th></>}>
          {movements.map((movement) => (
            <Table.Tr key={movement.id}>
              <Table.Td>{formatTime(movement.created_at)}</Table.Td>
              <Table.Td>
                {movement.order_id ? (
                  <AnchorLink to="/orders/$orderId" params={{ orderId: movement.order_id }}>
                    {movementInWords(movement, numbers.get(movement.order_id))}
                  </AnchorLink>
                ) : (
                  movementInWords(movement, undefined)
                )}
              </Table.Td>
              <Table.Td ta="right">
                {movement.amount > 0 ? '+' : '−'}
                {money(Math.abs(movement.amount))}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Section>
    </>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
}

/** Disables the card after saying what it means: it pays for nothing from then on. */
function DisableButton({ card }: { card: GiftCard }) {
  const disable = useDisableGiftCard(card.id);
  const confirm = () =>
    modals.openConfirmModal({
      title: `Disable gift card ${cardName(card)}?`,
      children: <Text size="sm">It pays for nothing from now on; its balance of {formatMoney(card.balance, card.currency)} stays on it. Orders it already paid keep what it paid.</Text>,
      labels: { confirm: 'Disable gift card', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disable.mutate(undefined, {
          onSuccess: () => notifyDone(`Gift card ${cardName(card)} disabled`),
          onError: (error) => notifyProblem('The gift card was not disabled', error),
        }),
    });
  return (
    <WriteButton action="gift_card.disable" variant="default" color="red" size="xs" onClick={confirm} loading={disable.isPending}>
      Disable
    </WriteButton>
  );
}
