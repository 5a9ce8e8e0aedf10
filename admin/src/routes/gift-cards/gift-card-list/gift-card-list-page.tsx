import { Badge, Grid, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useCustomerEmails, useGiftCards, type GiftCard } from '../../../api/gift-cards';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { SearchField } from '../../../components/search-field';
import { WriteButton } from '../../../components/write-button';
import { formatMoney, formatTime } from '../../../lib/format';
import { cardName, giftCardState, stateColours, stateWords } from '../gift-card-words';
import { IssueGiftCardDialog } from './issue-gift-card-dialog';
import type { GiftCardListSearch } from './search';

const route = getRouteApi('/_shell/gift-cards');

const statuses = [
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

/** Gift cards issued and sold, with their balances, filtered and paged by the server. */
export function GiftCardListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const cards = useGiftCards(search);
  const emails = useCustomerEmails(cards.data?.data.map((card) => card.customer_id) ?? []);
  const [issuing, setIssuing] = useState(false);
  const filter = (change: Partial<GiftCardListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.code || search.is_enabled !== undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm" align="baseline">
          <Title order={1}>Gift cards</Title>
          {cards.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="gift_card.create" onClick={() => setIssuing(true)}>
          Issue gift card
        </WriteButton>
      </Group>
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 8, lg: 6 }}>
            <SearchField value={search.code} onSearch={(code) => filter({ code })} placeholder="The whole code…" title="A card's whole code: finds that card" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <Select
              label="Status"
              placeholder="Any"
              data={statuses}
              value={search.is_enabled === undefined ? null : String(search.is_enabled)}
              onChange={(value) => filter({ is_enabled: value === null ? undefined : value === 'true' })}
              clearable
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <ListPanel
        query={cards}
        noun="gift cards"
        label="Gift cards"
        minWidth={760}
        empty={filtered ? 'No gift card matches these filters.' : 'No gift cards yet: issue one, or mark a sku as a gift card to sell them.'}
        columns={
          <>
            <Table.Th>Card</Table.Th>
            <Table.Th>Balance</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
          </>
        }
        row={(card) => <GiftCardRow key={card.id} card={card} email={card.customer_id ? emails.get(card.customer_id) : undefined} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
      <IssueGiftCardDialog opened={issuing} onClose={() => setIssuing(false)} />
    </Stack>
  );
}

function GiftCardRow({ card, email }: { card: GiftCard; email: string | undefined }) {
  const state = giftCardState(card);
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/gift-cards/$giftCardId" params={{ giftCardId: card.id }} fw={600} ff="monospace">
          {cardName(card)}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {card.currency}
        </Text>
      </Table.Td>
      <Table.Td>
        {formatMoney(card.balance, card.currency)} / {formatMoney(card.initial_value, card.currency)}
      </Table.Td>
      <Table.Td>
        {card.customer_id ? (
          <AnchorLink to="/customers/$customerId" params={{ customerId: card.customer_id }}>
            {email ?? card.customer_id}
          </AnchorLink>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>{card.expires_at === null ? 'Never' : formatTime(card.expires_at)}</Table.Td>
      <Table.Td>
        <Badge variant="light" radius="sm" color={stateColours[state]}>
          {stateWords[state]}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
