import { Badge, Table } from '@mantine/core';
import { useState } from 'react';
import { useCountryOptions } from '../../../api/countries';
import { useDeleteMarket, useMarkets, type Market } from '../../../api/markets';
import { useStore } from '../../../api/store';
import { rateWords } from '../../../lib/format';
import { confirmDelete } from '../shared/confirm-delete';
import { RowActions, SettingsList } from '../shared/settings-list';
import { MarketDialog } from './market-dialog';

/** Markets: groups of countries that buy in their own currency and read their own languages. */
export function MarketsPage() {
  const [page, setPage] = useState(1);
  const markets = useMarkets(page);
  const store = useStore();
  const countries = useCountryOptions();
  const remove = useDeleteMarket();
  // The market in the dialog: null to create one, undefined while it is closed.
  const [editing, setEditing] = useState<Market | null | undefined>(undefined);
  const storeCurrency = store.data?.currency ?? '';

  return (
    <>
      <SettingsList
        object="market"
        title="Markets"
        intro={`A market sells to its countries in its own currency, at a sku’s fixed price in that currency or else its price converted from ${storeCurrency || 'the store’s currency'} at the market’s rate. Countries in no market buy in ${storeCurrency || 'the store’s currency'}.`}
        add="Add market"
        onAdd={() => setEditing(null)}
        query={markets}
        noun="markets"
        empty="No markets yet: every country buys in the store’s currency."
        onPage={setPage}
        columns={['Name', 'Countries', 'Currency and rate', 'Languages', 'Status']}
        minWidth={760}
        row={(market) => (
          <>
            <Table.Td fw={600}>{market.name}</Table.Td>
            <Table.Td>{market.country_codes.map(countries.nameOf).join(', ') || '—'}</Table.Td>
            <Table.Td>{market.exchange_rate === null ? `${market.currency}, fixed prices only` : rateWords(market.currency, market.exchange_rate, storeCurrency)}</Table.Td>
            <Table.Td>{market.locales.join(', ')}</Table.Td>
            <Table.Td>
              <Badge variant="light" radius="sm" color={market.is_active ? 'green' : 'gray'}>
                {market.is_active ? 'Active' : 'Inactive'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <RowActions
                object="market"
                name={`the market ${market.name}`}
                onEdit={() => setEditing(market)}
                onDelete={() =>
                  confirmDelete({ what: 'market', name: market.name, consequence: 'its countries buy in the store’s currency from now on, and the skus’ fixed prices in its currency stay unused until another market sells in it.', id: market.id, remove })
                }
              />
            </Table.Td>
          </>
        )}
      />
      {store.data && <MarketDialog market={editing} storeCurrency={store.data.currency} onClose={() => setEditing(undefined)} />}
    </>
  );
}
