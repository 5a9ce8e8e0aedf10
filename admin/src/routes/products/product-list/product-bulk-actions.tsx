import { Button, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useBulk } from '../../../api/bulk';
import { changeProductTags, deleteProduct, productKeys, setProductPublished, type Product } from '../../../api/products';
import type { RowSelection } from '../../../components/row-selection';
import { TagsDialog } from '../../../components/tags-dialog';
import { WriteButton } from '../../../components/write-button';
import { counted, notifyBulk, type BulkResult } from '../../../lib/bulk';
import { csvName, downloadCsv, toCsv } from '../../../lib/csv';
import { toMajor, minorDigits } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { isPublished } from '../product-edit/publishing';

/** What staff do to the selected products at once: each product changed by its own API call. */
export function ProductBulkActions({ selection, currency }: { selection: RowSelection<Product>; currency: string }) {
  const { client } = useSession();
  const bulk = useBulk<Product>(productKeys.all);
  const [tagging, tagDialog] = useDisclosure();
  const [untagging, untagDialog] = useDisclosure();
  const products = selection.items;
  const many = counted(products.length, 'product');

  const run = (work: (product: Product) => Promise<unknown>, done: string, after?: (result: BulkResult<Product>) => void) =>
    bulk.mutate(
      { items: products, work },
      {
        onSuccess: (result) => {
          notifyBulk(result, { noun: 'product', done, nameOf: (product) => product.name });
          // The ones left are those to try again.
          selection.keepOnly(result.failed.map(({ item }) => item.id));
          after?.(result);
        },
      },
    );

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${many}?`,
      children: (
        <Text size="sm">
          The {many} and their skus are deleted, with their stock counts, and leave every collection and category. This cannot be undone; orders that bought them
          keep their lines.
        </Text>
      ),
      labels: { confirm: `Delete ${many}`, cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: () => run((product) => deleteProduct(client, product.id), 'deleted'),
    });

  return (
    <>
      <WriteButton action="product.update" size="xs" variant="default" loading={bulk.isPending} onClick={() => run((product) => setProductPublished(client, product.id, true), 'published')}>
        Publish
      </WriteButton>
      <WriteButton action="product.update" size="xs" variant="default" disabled={bulk.isPending} onClick={() => run((product) => setProductPublished(client, product.id, false), 'unpublished')}>
        Unpublish
      </WriteButton>
      <Menu position="bottom-end">
        <Menu.Target>
          <WriteButton action="product.update" size="xs" variant="default" disabled={bulk.isPending}>
            Tags
          </WriteButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={tagDialog.open}>Add tags…</Menu.Item>
          <Menu.Item onClick={untagDialog.open}>Remove tags…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" variant="default" onClick={() => exportProducts(products, currency)}>
        Export CSV
      </Button>
      <WriteButton action="product.delete" size="xs" variant="default" color="red" disabled={bulk.isPending} onClick={confirmDelete}>
        Delete
      </WriteButton>
      <TagsDialog
        action="product.update"
        opened={tagging}
        onClose={tagDialog.close}
        title={`Add tags to ${many}`}
        description="Each product keeps its tags and gets these too."
        submit="Add tags"
        pending={bulk.isPending}
        onSubmit={(tags) => run((product) => changeProductTags(client, product.id, { add: tags }), 'tagged', tagDialog.close)}
      />
      <TagsDialog
        action="product.update"
        opened={untagging}
        onClose={untagDialog.close}
        title={`Remove tags from ${many}`}
        description="These tags are taken off each product that has them; other tags stay."
        submit="Remove tags"
        pending={bulk.isPending}
        onSubmit={(tags) => run((product) => changeProductTags(client, product.id, { remove: tags }), 'untagged', untagDialog.close)}
      />
    </>
  );
}

/** The selected products as the list showed them, one row each, prices in the store's currency. */
function exportProducts(products: Product[], currency: string): void {
  const price = (cents: number | null) => (cents === null ? null : toMajor(cents, currency).toFixed(minorDigits(currency)));
  downloadCsv(
    csvName('products'),
    toCsv(
      ['ID', 'Name', 'Permalink', 'Vendor', 'Tags', 'Active', 'Published', 'Price', 'Compared price', 'Currency', 'Skus', 'Sku codes'],
      products.map((product) => [
        product.id,
        product.name,
        product.permalink,
        product.vendor?.name,
        product.tags.map((tag) => tag.title).join(', '),
        product.is_active ? 'yes' : 'no',
        isPublished(product.available_at) ? 'yes' : 'no',
        price(product.price),
        price(product.compared_price),
        currency,
        product.skus.length,
        product.skus.map((sku) => sku.code).filter(Boolean).join(', '),
      ]),
    ),
  );
}
