import { ActionIcon, Alert, Group, NumberInput, Radio, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from 'storefront/client';
import { useCustomer } from '../../../api/customers';
import { usePlaceStaffOrder, useCustomerSearch, useSkuSearch, useStartStaffOrder } from '../../../api/staff-orders';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { TableScroll } from '../../../components/table-scroll';
import { WriteButton } from '../../../components/write-button';
import { formatMoney } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { problemOf } from '../../../lib/problems';

type Sku = components['schemas']['Sku'];
type Started = Awaited<ReturnType<ReturnType<typeof useStartStaffOrder>['mutateAsync']>>;

interface Line {
  sku: Sku;
  quantity: number;
}

/** A problem's words, its fields' first. */
const wordsOf = (error: unknown) => {
  const problem = problemOf(error);
  return problem.errors?.length ? problem.errors.map((fault) => `${fault.field} ${fault.message}`).join('; ') : (problem.detail ?? problem.title);
};

/**
 * An order staff take by phone or at the counter (Shopify's draft order): a customer and their
 * address, the lines, then the shipping method and whether it is paid now (cash) or later. It is made
 * with the API's staff orders (a cart, its checkout, a manual gateway).
 */
export function NewOrderPage() {
  const navigate = useNavigate();
  const store = useStore();
  const currency = store.data?.currency ?? 'USD';
  const [customerWords, setCustomerWords] = useState('');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [skuWords, setSkuWords] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [started, setStarted] = useState<Started | null>(null);
  const [rateId, setRateId] = useState<string | null>(null);
  const [paid, setPaid] = useState('paid');
  const [message, setMessage] = useState<string | null>(null);
  const [customerTyped] = useDebouncedValue(customerWords, 200);
  const [skuTyped] = useDebouncedValue(skuWords, 200);
  const customers = useCustomerSearch(customerTyped);
  const skus = useSkuSearch(skuTyped);
  const customer = useCustomer(customerId ?? '', customerId !== null);
  const start = useStartStaffOrder();
  const place = usePlaceStaffOrder();

  const address = customer.data?.addresses.find((candidate) => candidate.is_primary) ?? customer.data?.addresses[0] ?? null;
  const gateway = started?.meta.payment_gateways.find((candidate) => candidate.driver === 'manual');
  const addLine = (id: string | null) => {
    const sku = skus.data?.find((candidate) => candidate.id === id);
    if (!sku) return;
    setLines((current) => (current.some((line) => line.sku.id === sku.id) ? current : [...current, { sku, quantity: 1 }]));
    setSkuWords('');
  };

  const begin = async () => {
    if (!customerId) return;
    setMessage(null);
    try {
      const checkout = await start.mutateAsync({ customerId, addressId: address?.id ?? null, countryCode: address?.country_code ?? null, items: Object.fromEntries(lines.map((line) => [line.sku.id, line.quantity])) });
      setStarted(checkout);
      setRateId(checkout.meta.shipping_methods[0]?.id ?? null);
    } catch (error) {
      setMessage(wordsOf(error));
    }
  };

  const finish = async () => {
    if (!started || !gateway) return;
    setMessage(null);
    try {
      const order = await place.mutateAsync({ orderId: started.data.id, rateId: started.meta.is_shipping_required ? rateId : null, gatewayId: gateway.id, paid: paid === 'paid' });
      notifyDone(`Order ${order.number} placed`);
      void navigate({ to: '/orders/$orderId', params: { orderId: order.id } });
    } catch (error) {
      setMessage(wordsOf(error));
    }
  };

  return (
    <Stack gap="lg" maw={880}>
      <AnchorLink to="/orders" size="sm">
        ← Orders
      </AnchorLink>
      <Title order={1}>New order</Title>
      <Section title="Customer">
        <Stack gap="xs">
          <Select
            label="Customer"
            placeholder="Name or email"
            searchable
            searchValue={customerWords}
            onSearchChange={setCustomerWords}
            data={(customers.data ?? []).map((found) => ({ value: found.id, label: `${found.name ?? ''} ${found.email}`.trim() }))}
            value={customerId}
            onChange={setCustomerId}
            nothingFoundMessage={customerTyped.trim().length < 2 ? 'Type two letters or more' : 'No customer of that name or email'}
            filter={({ options }) => options}
            disabled={started !== null}
          />
          {customerId && customer.data && (address ? (
            <Text size="sm">
              Ships to {[address.address1, address.city, address.country].filter(Boolean).join(', ')}
            </Text>
          ) : (
            <Alert color="yellow" title="No address">
              This customer has no address to ship to: <AnchorLink to="/customers/$customerId" params={{ customerId }}>add one on their page</AnchorLink>.
            </Alert>
          ))}
        </Stack>
      </Section>
      <Section title="Items">
        <Stack gap="sm">
          <Select
            label="Add a product"
            placeholder="Name or sku code"
            searchable
            searchValue={skuWords}
            onSearchChange={setSkuWords}
            data={(skus.data ?? []).map((sku) => ({ value: sku.id, label: `${sku.name}${sku.code ? ` · ${sku.code}` : ''} · ${formatMoney(sku.price, currency)}` }))}
            value={null}
            onChange={addLine}
            nothingFoundMessage={skuTyped.trim().length < 2 ? 'Type two letters or more' : 'No sku of that name or code'}
            filter={({ options }) => options}
            disabled={started !== null}
          />
          {lines.length > 0 && (
            <TableScroll label="Lines" minWidth={520}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Price</Table.Th>
                    <Table.Th>Quantity</Table.Th>
                    <Table.Th aria-label="Remove" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line) => (
                    <Table.Tr key={line.sku.id}>
                      <Table.Td>{line.sku.name}</Table.Td>
                      <Table.Td>{formatMoney(line.sku.price, currency)}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Quantity of ${line.sku.name}`}
                          size="xs"
                          w={80}
                          min={1}
                          allowDecimal={false}
                          value={line.quantity}
                          disabled={started !== null}
                          onChange={(value) => setLines((current) => current.map((other) => (other.sku.id === line.sku.id ? { ...other, quantity: Math.max(1, Number(value) || 1) } : other)))}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${line.sku.name}`} disabled={started !== null} onClick={() => setLines((current) => current.filter((other) => other.sku.id !== line.sku.id))}>
                          ×
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Stack>
      </Section>
      {started === null ? (
        <Group justify="flex-end">
          <FormAlert message={message} />
          <WriteButton action="cart.create" onClick={begin} loading={start.isPending} disabled={!customerId || lines.length === 0 || (customer.data !== undefined && address === null)}>
            Continue to shipping and payment
          </WriteButton>
        </Group>
      ) : (
        <Section title="Shipping and payment">
          <Stack gap="sm">
            <Text size="sm">
              Items {formatMoney(started.data.total_items_price, started.data.currency)}
              {started.data.total_discount > 0 ? ` · discount −${formatMoney(started.data.total_discount, started.data.currency)}` : ''}
            </Text>
            {started.meta.is_shipping_required && (
              <Radio.Group label="Shipping method" value={rateId} onChange={setRateId}>
                <Stack gap={6} mt={6}>
                  {started.meta.shipping_methods.map((rate) => (
                    <Radio key={rate.id} value={rate.id} label={`${rate.name} · ${formatMoney(rate.price, started.data.currency)}`} />
                  ))}
                  {started.meta.shipping_methods.length === 0 && <Text size="sm" c="red.8">No shipping zone covers this address: add one in Settings → Shipping.</Text>}
                </Stack>
              </Radio.Group>
            )}
            {gateway ? (
              <Radio.Group label="Payment" value={paid} onChange={setPaid}>
                <Stack gap={6} mt={6}>
                  <Radio value="paid" label="Paid now, in cash or by card at the counter" />
                  <Radio value="later" label="To pay later (bank transfer): captured when the money arrives" />
                </Stack>
              </Radio.Group>
            ) : (
              <Alert color="yellow" title="No manual payment gateway">
                Staff orders are paid outside the store: add a Manual gateway in <AnchorLink to="/settings/payments">Settings → Payments</AnchorLink>.
              </Alert>
            )}
            <FormAlert message={message} />
            <Group justify="flex-end">
              <WriteButton action="checkout.pay" onClick={finish} loading={place.isPending} disabled={!gateway || (started.meta.is_shipping_required && !rateId)}>
                Create order
              </WriteButton>
            </Group>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
