import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product } from 'storefront/client';
import { PREVIEW_PER_PAGE, useCollectionProducts, useRulePreview, type RuleInput, type SortingRule } from '../../../api/collections';
import { useCan } from '../../../lib/access';
import { Section } from '../../../components/section';
import { formatMoney } from '../../../lib/format';
import { problemOf } from '../../../lib/problems';
import { useStore } from '../../../api/store';

/**
 * The products the rules on screen match, asked of the server a moment after each change (nothing is
 * saved). A rule still without a value is left out. A read-only key cannot change the rules (nor ask
 * for a preview, a POST): it sees the saved collection's products.
 */
export function RulePreview({ collectionId, rules, disjunctive, sortingRule }: { collectionId: string; rules: RuleInput[]; disjunctive: boolean; sortingRule: SortingRule }) {
  const readOnly = !useCan().can('collection.update');
  const numbers = rules.flatMap((rule, index) => (rule.value.trim() === '' ? [] : [index + 1]));
  const complete = rules.filter((rule) => rule.value.trim() !== '');
  const [body] = useDebouncedValue({ rules: complete, disjunctive, sorting_rule: sortingRule }, 400);
  const edited = useRulePreview(body, !readOnly && body.rules.length > 0);
  const saved = useCollectionProducts(collectionId, { perPage: PREVIEW_PER_PAGE, enabled: readOnly });
  const preview = readOnly ? saved : edited;
  const currency = useStore().data?.currency ?? 'USD';
  const total = preview.data?.meta.pagination.total_items;

  return (
    <Section
      title="Matching products"
      actions={
        <Group gap="xs">
          {preview.isFetching && <Loader size="xs" aria-label="Updating the preview" />}
          {total !== undefined && body.rules.length > 0 && !preview.error && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {total.toLocaleString()} {total === 1 ? 'product' : 'products'}
            </Text>
          )}
        </Group>
      }
    >
      {body.rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          Give a rule a value to see the products it matches.
        </Text>
      ) : preview.error ? (
        <Alert color="red" variant="light" title="These rules cannot be applied" role="alert">
          {(problemOf(preview.error).errors ?? []).map((fault) => `${ruleName(fault.field, numbers)} ${fault.message}`).join('; ') || problemOf(preview.error).detail}
        </Alert>
      ) : !preview.data ? (
        <Loader aria-label="Loading the preview" />
      ) : preview.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No product matches these rules.
        </Text>
      ) : (
        <Stack gap="xs">
          <Table verticalSpacing="xs" aria-label="Matching products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.data.data.map((product: Product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>{product.name}</Table.Td>
                  <Table.Td ta="right">{formatMoney(product.price, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {total !== undefined && total > PREVIEW_PER_PAGE && (
            <Text size="xs" c="dimmed">
              The first {PREVIEW_PER_PAGE} in the collection's order.
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

/** `rules[1][value]` of the rules sent as staff read it: "Rule 3: value" when rule 2 had no value and was not sent. */
function ruleName(field: string, numbers: number[]): string {
  const match = /^rules\[(\d+)\]\[(\w+)\]$/.exec(field);
  return match ? `Rule ${numbers[Number(match[1])] ?? Number(match[1]) + 1}: ${match[2]}` : field;
}
