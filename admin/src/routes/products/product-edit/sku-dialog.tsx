import { Checkbox, Grid, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useSaveSku, type Product, type Sku, type SkuWrite } from '../../../api/products';
import { FormDialog } from '../../../components/form-dialog';
import { minorDigits, toMajor, toMinor } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { FixedPricesField, fixedPricesInput, fixedPricesOf, MarketPrices, type FixedPriceValues } from './sku-prices';

interface Values {
  options: Record<string, string>;
  code: string;
  barcode: string;
  price: number | string;
  compared_price: number | string;
  tracked: boolean;
  in_stock: number | string;
  low_threshold: number | string;
  weight: number | string;
  weight_unit: SkuWrite['weight_unit'];
  prices: FixedPriceValues[];
  is_gift_card: boolean;
}

const units = [
  { value: 'kg', label: 'kg' },
  { value: 'gr', label: 'g' },
  { value: 'lb', label: 'lb' },
  { value: 'oz', label: 'oz' },
];

const fields = ['modifiers', 'code', 'barcode', 'price', 'compared_price', 'stock_policy', 'in_stock', 'low_threshold', 'weight', 'weight_unit', 'prices', 'is_gift_card'];

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

function valuesOf(product: Product, sku: Sku | null, currency: string): Values {
  return {
    options: Object.fromEntries(product.modifiers.map((name) => [name, sku?.options[name] ?? ''])),
    code: sku?.code ?? '',
    barcode: sku?.barcode ?? '',
    price: sku ? toMajor(sku.price, currency) : '',
    compared_price: sku?.compared_price == null ? '' : toMajor(sku.compared_price, currency),
    tracked: sku ? sku.stock_policy === 'overall' : true,
    in_stock: sku?.in_stock ?? '',
    low_threshold: sku?.low_threshold ?? '',
    weight: sku?.weight ?? '',
    weight_unit: (sku?.weight_unit ?? 'kg') as SkuWrite['weight_unit'],
    prices: fixedPricesOf(sku),
    is_gift_card: sku?.is_gift_card ?? false,
  };
}

/** A new sku of the product, or one of its skus to edit: its options, price, stock and weight. */
export function SkuDialog({ product, sku, currency, opened, onClose }: { product: Product; sku: Sku | null; currency: string; opened: boolean; onClose: () => void }) {
  const readOnly = !useCan().can(sku ? 'sku.update' : 'sku.create');
  const save = useSaveSku(product.id, sku?.id ?? null);
  const form = useForm<Values>({ initialValues: valuesOf(product, sku, currency) });
  // `modifiers[Size]` lands on the Size field (`options.Size`).
  const problems = useServerErrors(form, fields, (path) => path.replace(/^modifiers\./, 'options.'));
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(product, sku, currency));
    form.resetDirty();
    problems.clear();
  }, [opened, sku?.id]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    const body: SkuWrite = {
      code: blankToNull(values.code),
      barcode: blankToNull(values.barcode),
      price: values.price === '' ? 0 : toMinor(Number(values.price), currency),
      compared_price: values.compared_price === '' ? null : toMinor(Number(values.compared_price), currency),
      stock_policy: values.tracked ? 'overall' : 'none',
      in_stock: values.tracked ? (numberOrNull(values.in_stock) ?? 0) : null,
      low_threshold: numberOrNull(values.low_threshold),
      weight: numberOrNull(values.weight),
      weight_unit: values.weight_unit,
      prices: fixedPricesInput(values.prices),
      // Sent only when it changes: the server makes a new gift card ship nothing and go untaxed.
      ...(values.is_gift_card !== (sku?.is_gift_card ?? false) ? { is_gift_card: values.is_gift_card } : {}),
      modifiers: Object.fromEntries(Object.entries(values.options).filter(([, value]) => value.trim() !== '').map(([name, value]) => [name, value.trim()])),
    };
    save.mutate(body, {
      onSuccess: () => {
        notifyDone(sku ? 'Sku saved' : 'Sku added');
        onClose();
      },
      onError: problems.show,
    });
  });

  const money = { decimalScale: minorDigits(currency), fixedDecimalScale: true, hideControls: true, clampBehavior: 'none' as const, readOnly, description: `In ${currency}` };
  const count = { allowDecimal: false, hideControls: true, clampBehavior: 'none' as const, readOnly };

  return (
    <FormDialog action={sku ? 'sku.update' : 'sku.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={sku ? 'Edit sku' : 'Add a sku'} size="lg" onSubmit={submit} message={problems.message} submit={sku ? 'Save sku' : 'Add sku'} pending={save.isPending}>
      {product.modifiers.length > 0 && (
        <Grid gap="sm">
          {product.modifiers.map((name, index) => (
            <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
              <TextInput label={name} readOnly={readOnly} data-autofocus={index === 0 || undefined} {...form.getInputProps(`options.${name}`)} />
            </Grid.Col>
          ))}
        </Grid>
      )}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput label="Price" {...money} data-autofocus={product.modifiers.length === 0 || undefined} {...form.getInputProps('price')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput label="Compared price" {...money} description={`In ${currency}, shown struck through`} {...form.getInputProps('compared_price')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="SKU code" description="What staff and orders call it" readOnly={readOnly} {...form.getInputProps('code')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Barcode" description="ISBN, UPC, GTIN…" readOnly={readOnly} {...form.getInputProps('barcode')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Checkbox
            label="Is a gift card"
            description="Each unit sold issues a gift card of the price paid, mailed to the buyer once the order is paid; it ships nothing and is not taxed"
            disabled={readOnly}
            {...form.getInputProps('is_gift_card', { type: 'checkbox' })}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch label="Track stock" description="Off: it never runs out" disabled={readOnly} {...form.getInputProps('tracked', { type: 'checkbox' })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput label="Stock" description="Units in stock" disabled={!form.values.tracked} {...count} {...form.getInputProps('in_stock')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NumberInput label="Low stock threshold" description="The home screen warns at or below it" {...count} {...form.getInputProps('low_threshold')} />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 6 }}>
          <NumberInput label="Weight" hideControls clampBehavior="none" readOnly={readOnly} {...form.getInputProps('weight')} />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 6 }}>
          <Select label="Weight unit" data={units} allowDeselect={false} readOnly={readOnly} {...form.getInputProps('weight_unit')} />
        </Grid.Col>
      </Grid>
      <FixedPricesField
        rows={form.values.prices}
        onChange={(prices) => form.setFieldValue('prices', prices)}
        inputProps={(path) => form.getInputProps(path as 'prices')}
        error={form.errors.prices as string | undefined}
        storeCurrency={currency}
        readOnly={readOnly}
      />
      {sku && <MarketPrices sku={sku} />}
    </FormDialog>
  );
}
