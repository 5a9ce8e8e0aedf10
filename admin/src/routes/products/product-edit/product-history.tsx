import { useProductSkus } from '../../../api/products';
import { RecordHistory } from '../../../components/record-history';

/** Who changed the product and its skus, as the audit log recorded it. */
export function ProductHistory({ productId }: { productId: string }) {
  const skus = useProductSkus(productId);
  return <RecordHistory objectIds={[productId, ...(skus.data ?? []).map((sku) => sku.id)]} />;
}
