import { Grid, MultiSelect, NumberInput, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useCategoryOptions, useCollectionOptions, useProductSkus, type Product, type ProductWrite, type Sku } from '../../../api/products';
import { SaveButton } from '../../../components/save-button';
import { Section } from '../../../components/section';
import { minorDigits, toMinor } from '../../../lib/format';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { ImagesField, type ImageItem } from './images-field';
import { OptionsField, optionsOf, type OptionItem } from './options-field';
import { fromLocalInput, toLocalInput } from './publishing';

interface Values {
  name: string;
  permalink: string;
  description: string;
  vendor: string;
  tags: string[];
  options: OptionItem[];
  category_ids: string[];
  collection_ids: string[];
  is_active: boolean;
  available_at: string;
  images: ImageItem[];
  price: number | string;
  compared_price: number | string;
}

const fields = ['name', 'permalink', 'description', 'vendor', 'tags', 'modifiers', 'options', 'category_ids', 'collection_ids', 'is_active', 'available_at', 'images', 'price', 'compared_price'] as const;

function valuesOf(product: Product | undefined, skus: Sku[] = []): Values {
  return {
    name: product?.name ?? '',
    permalink: product?.permalink ?? '',
    description: product?.description ?? '',
    vendor: product?.vendor?.name ?? '',
    tags: product?.tags.map((tag) => tag.title) ?? [],
    options: optionsOf(product?.modifiers ?? [], skus),
    category_ids: product?.category_ids ?? [],
    collection_ids: product?.collection_ids ?? [],
    is_active: product?.is_active ?? true,
    available_at: toLocalInput(product?.available_at ?? null),
    images: product?.images.map((image) => ({ url: image.url, id: image.file_id })) ?? [],
    price: '',
    compared_price: '',
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The fields of a product, for a new one (which also prices its default sku) or an existing one.
 * `save` sends the body and rejects with the server's problem, which lands beside the fields it names.
 */
export function ProductForm({ product, currency, save, saving, submitLabel }: {
  product?: Product;
  currency: string;
  save: (body: ProductWrite) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
}) {
  const readOnly = !useCan().can(product ? 'product.update' : 'product.create');
  const categories = useCategoryOptions();
  const collections = useCollectionOptions();
  const skus = useProductSkus(product?.id ?? '', product !== undefined);
  const form = useForm<Values>({
    initialValues: valuesOf(product),
    validate: { name: (value) => (value.trim() === '' ? 'Enter a name' : null) },
  });
  // `category_ids[2]` and `images[0][id]` land on the field as a whole.
  const problems = useServerErrors(form, fields, (path) => (path.startsWith('modifiers') ? 'options' : path.split('.')[0]!));
  // A product saved (here or elsewhere) shows its stored state unless staff are typing; the query
  // keeps the same object while nothing changed, so this runs only on a change.
  useEffect(() => {
    if (!product) return;
    const stored = valuesOf(product, skus.data);
    if (!form.isDirty()) form.setValues(stored);
    form.resetDirty(stored);
  }, [product, skus.data]);

  const submit = form.onSubmit(async (values) => {
    problems.clear();
    const options = values.options.map((option) => ({ name: option.name.trim(), values: option.values.map((value) => value.trim()).filter(Boolean) })).filter((option) => option.name !== '');
    const body: ProductWrite = {
      name: values.name.trim(),
      description: blankToNull(values.description),
      vendor: blankToNull(values.vendor),
      tags: values.tags,
      modifiers: options.map((option) => option.name),
      images: values.images.map((image) => (image.id ? { id: image.id } : { url: image.url })),
      category_ids: values.category_ids,
      collection_ids: values.collection_ids,
      is_active: values.is_active,
      available_at: fromLocalInput(values.available_at),
    };
    // The values make the skus the product lacks (the server's variant matrix); none are deleted.
    const sold = options.filter((option) => option.values.length > 0);
    if (sold.length > 0) body.options = Object.fromEntries(sold.map((option) => [option.name, option.values]));
    if (values.permalink.trim() !== '' || product) body.permalink = values.permalink.trim();
    if (!product) {
      if (values.price !== '') body.price = toMinor(Number(values.price), currency);
      if (values.compared_price !== '') body.compared_price = toMinor(Number(values.compared_price), currency);
    }
    try {
      await save(body);
    } catch (failure) {
      problems.show(failure);
    }
  });

  const money = { decimalScale: minorDigits(currency), fixedDecimalScale: true, hideControls: true, clampBehavior: 'none' as const, readOnly };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              <Section title="Product">
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <TextInput label="Name" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <TextInput label="Permalink" description={product ? 'Its address in the shop' : 'Left empty, it is made from the name'} readOnly={readOnly} {...form.getInputProps('permalink')} />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea label="Description" autosize minRows={4} maxRows={14} readOnly={readOnly} {...form.getInputProps('description')} />
                  </Grid.Col>
                  {!product && (
                    <>
                      <Grid.Col span={{ base: 12, sm: 6 }}>
                        <NumberInput label="Price" description={`In ${currency}, of each sku it starts with`} min={0} {...money} {...form.getInputProps('price')} />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, sm: 6 }}>
                        <NumberInput label="Compared price" description={`In ${currency}, shown struck through`} min={0} {...money} {...form.getInputProps('compared_price')} />
                      </Grid.Col>
                    </>
                  )}
                </Grid>
              </Section>
              <Section title="Media">
                <ImagesField value={form.values.images} onChange={(images) => form.setFieldValue('images', images)} error={form.errors.images as string | undefined} />
              </Section>
              <Section title="Options">
                <OptionsField value={form.values.options} onChange={(options) => form.setFieldValue('options', options)} error={form.errors.options as string | undefined} skus={skus.data ?? []} />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Section title="Availability">
                <Stack gap="sm">
                  <Switch label="Active" description="An inactive product is hidden from the shop" disabled={readOnly} {...form.getInputProps('is_active', { type: 'checkbox' })} />
                  <TextInput
                    type="datetime-local"
                    label="Published from"
                    description="Empty: published now. A date to come keeps it unpublished until then."
                    readOnly={readOnly}
                    {...form.getInputProps('available_at')}
                  />
                </Stack>
              </Section>
              <Section title="Organisation">
                <Stack gap="sm">
                  <TextInput label="Vendor" readOnly={readOnly} {...form.getInputProps('vendor')} />
                  <TagsInput label="Tags" description="Press Enter after each tag" readOnly={readOnly} clearable={!readOnly} {...form.getInputProps('tags')} />
                  <MultiSelect
                    label="Categories"
                    placeholder={categories.isPending ? 'Loading categories…' : undefined}
                    data={categories.data ?? []}
                    searchable
                    nothingFoundMessage="No category of that name"
                    readOnly={readOnly}
                    {...form.getInputProps('category_ids')}
                  />
                  <MultiSelect
                    label="Collections"
                    description="Hand-picked collections; smart ones choose by their rules"
                    placeholder={collections.isPending ? 'Loading collections…' : undefined}
                    data={collections.data ?? []}
                    searchable
                    nothingFoundMessage="No hand-picked collection of that name"
                    readOnly={readOnly}
                    {...form.getInputProps('collection_ids')}
                  />
                </Stack>
              </Section>
              <SaveButton action={product ? 'product.update' : 'product.create'} saved={product !== undefined} dirty={form.isDirty()} saving={saving || form.submitting} label={submitLabel} message={problems.message} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
