import { ActionIcon, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { Sku } from '../../../api/products';
import { useCan } from '../../../lib/access';

/** An option the product's skus differ by (Size) and the values it is sold in (S, M, L). */
export interface OptionItem {
  name: string;
  values: string[];
}

/** The product's options: its modifiers, each with the values its skus hold, in the skus' order. */
export function optionsOf(modifiers: string[], skus: Sku[]): OptionItem[] {
  return modifiers.map((name) => ({
    name,
    values: [...new Set(skus.map((sku) => sku.options[name]).filter((value): value is string => value !== undefined))],
  }));
}

/** Every combination of one value of each option that has values, the first option varying slowest. */
export function combinationsOf(options: OptionItem[]): Array<Record<string, string>> {
  const sold = options.filter((option) => option.name.trim() !== '' && option.values.length > 0);
  if (sold.length === 0) return [];
  return sold.reduce<Array<Record<string, string>>>(
    (combinations, option) => combinations.flatMap((combination) => option.values.map((value) => ({ ...combination, [option.name.trim()]: value }))),
    [{}],
  );
}

/**
 * How many skus saving the options makes, as the server counts them: the combinations no sku holds,
 * less one when a sku without any option value (a product's first sku) takes the first of them.
 */
export function newSkuCount(options: OptionItem[], skus: Sku[]): number {
  const missing = combinationsOf(options).filter((combination) => !skus.some((sku) => Object.entries(combination).every(([name, value]) => sku.options[name] === value)));
  const reused = missing.length > 0 && skus.some((sku) => Object.keys(sku.options).length === 0) ? 1 : 0;
  return missing.length - reused;
}

/**
 * The options and their values, as Shopify's variant generator takes them: "Size: S, M, L" and
 * "Colour: Natural, Indigo" make six skus when the product is saved. A value added later makes only
 * the skus it adds; a value taken out deletes nothing (a sku is deleted from the skus' table).
 */
export function OptionsField({ value, onChange, error, skus }: {
  value: OptionItem[];
  onChange: (options: OptionItem[]) => void;
  /** The server's refusal of the options (a repeated value, too many combinations). */
  error?: string;
  /** The product's skus; none for a new product. */
  skus: Sku[];
}) {
  const readOnly = !useCan().can('product.update');
  const set = (index: number, option: OptionItem) => onChange(value.map((item, i) => (i === index ? option : item)));
  const combinations = combinationsOf(value).length;
  const added = newSkuCount(value, skus);

  return (
    <Stack gap="sm">
      {value.map((option, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="flex-start" style={{ flex: 1 }}>
            <TextInput
              label="Option"
              placeholder="Size"
              style={{ flex: '1 1 140px' }}
              readOnly={readOnly}
              value={option.name}
              onChange={(event) => set(index, { ...option, name: event.currentTarget.value })}
            />
            <TagsInput
              label={`Values of ${option.name.trim() || `option ${index + 1}`}`}
              placeholder={option.values.length === 0 ? 'S, M, L' : undefined}
              description="Enter or comma after each"
              style={{ flex: '3 1 220px' }}
              readOnly={readOnly}
              splitChars={[',']}
              value={option.values}
              onChange={(values) => set(index, { ...option, values })}
            />
          </Group>
          {!readOnly && (
            <ActionIcon variant="subtle" color="gray" mt={28} aria-label={`Remove the option ${option.name.trim() || index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && value.length < 3 && (
        <Button variant="light" size="xs" w="fit-content" onClick={() => onChange([...value, { name: '', values: [] }])}>
          {value.length === 0 ? 'Add options like size or colour' : 'Add another option'}
        </Button>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {combinations > 0 && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {added > 0 ? `Saving makes ${added} new ${added === 1 ? 'sku' : 'skus'}: ${combinations} in all.` : `${combinations} ${combinations === 1 ? 'combination' : 'combinations'}.`}
        </Text>
      )}
    </Stack>
  );
}
