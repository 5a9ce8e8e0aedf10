import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useProduct, useUpdateProduct } from '../../../api/products';
import { useStore } from '../../../api/store';
import { MetadataSection } from '../../../components/metadata-section';
import { RecordFrame } from '../../../components/record-frame';
import { Section } from '../../../components/section';
import { LanguageSwitcher, TranslationEditor } from '../../../components/translation-editor';
import { formatTime } from '../../../lib/format';
import { languageName } from '../../../lib/locales';
import { notifyDone } from '../../../lib/notify';
import { DeleteProductButton } from './delete-product-button';
import { ProductForm } from './product-form';
import { ProductHistory } from './product-history';
import { ProductSkus } from './product-skus';
import { SkuNameTranslations } from './sku-name-translations';
import { isPublished } from './publishing';

const route = getRouteApi('/_shell/products/$productId');

/** One product: its fields, images and places in the catalogue, and its skus. */
export function ProductPage() {
  const { productId } = route.useParams();
  const product = useProduct(productId);
  const update = useUpdateProduct(productId);
  const store = useStore();
  // The language edited: null for the store's own (the product's form), else a translation's locale.
  const [locale, setLocale] = useState<string | null>(null);

  return (
    <RecordFrame query={product} noun="product" back={{ to: '/products', label: 'Products' }} ready={store.data !== undefined}>
      {(data) =>
        // `ready` holds the frame's loader until the store's currency is known too.
        store.data && (
          <>
            <Group justify="space-between" align="flex-start" gap="md">
              <Stack gap={4}>
                <Group gap="sm">
                  <Title order={1}>{data.name}</Title>
                  <Group gap={6} role="group" aria-label="Status">
                    <Badge variant="light" radius="sm" color={data.is_active ? 'green' : 'gray'}>
                      {data.is_active ? 'Active' : 'Inactive'}
                    </Badge>
                    <Badge variant="light" radius="sm" color={isPublished(data.available_at) ? 'blue' : 'yellow'}>
                      {isPublished(data.available_at) ? 'Published' : `Published from ${formatTime(data.available_at)}`}
                    </Badge>
                  </Group>
                </Group>
                <Text size="sm" c="dimmed">
                  Updated {formatTime(data.updated_at)} · {data.id}
                </Text>
              </Stack>
              <Group gap="sm" align="flex-end">
                <LanguageSwitcher value={locale} onChange={setLocale} />
                <DeleteProductButton product={data} />
              </Group>
            </Group>
            {locale ? (
              <>
                <Section title={`Text in ${languageName(locale)}`}>
                  <TranslationEditor record={data} locale={locale} action="product.update" title="Product" save={(change) => update.mutateAsync(change)} />
                </Section>
                <SkuNameTranslations product={data} locale={locale} />
              </>
            ) : (
              <>
                <ProductForm
                  product={data}
                  currency={store.data.currency}
                  saving={update.isPending}
                  submitLabel="Save product"
                  save={async (body) => {
                    await update.mutateAsync(body);
                    notifyDone('Product saved');
                  }}
                />
                <ProductSkus product={data} currency={store.data.currency} />
              </>
            )}
            <MetadataSection key={data.updated_at} record={data} action="product.update" save={(changes) => update.mutateAsync(changes)} />
            <ProductHistory productId={data.id} />
          </>
        )
      }
    </RecordFrame>
  );
}
