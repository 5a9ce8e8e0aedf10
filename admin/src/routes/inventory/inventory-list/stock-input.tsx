import { Loader, NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSetStock } from '../../../api/inventory';
import type { Sku } from '../../../api/products';
import { problemOf } from '../../../lib/problems';
import { useCan } from '../../../lib/access';

/**
 * A sku's stock, edited where it is listed: Enter or leaving the box saves it through the sku update,
 * and a value the server refuses (a negative one) is said under the box, which keeps what was typed.
 * Emptied, the box goes back to the stock as it is.
 */
export function StockInput({ sku }: { sku: Sku }) {
  const readOnly = !useCan().can('sku.update');
  const save = useSetStock();
  const [value, setValue] = useState<string | number>(sku.in_stock ?? '');
  const [error, setError] = useState<string | null>(null);
  // Another reading of the sku (saved here or elsewhere) shows, unless a refused value is on screen.
  useEffect(() => {
    if (!error) setValue(sku.in_stock ?? '');
  }, [sku.in_stock]);

  const commit = () => {
    if (value === '' || value === '-') {
      setValue(sku.in_stock ?? '');
      setError(null);
      return;
    }
    const inStock = Number(value);
    if (inStock === sku.in_stock && !error) return;
    save.mutate(
      { id: sku.id, inStock },
      {
        onSuccess: () => setError(null),
        onError: (problem) => {
          const refused = problemOf(problem);
          const field = refused.errors?.find((fault) => fault.field === 'in_stock');
          setError(field ? `Stock ${field.message}` : refused.detail);
        },
      },
    );
  };

  return (
    <NumberInput
      aria-label={`Stock of ${sku.name}`}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      allowDecimal={false}
      hideControls
      readOnly={readOnly}
      error={error}
      rightSection={save.isPending ? <Loader size="xs" aria-label="Saving" /> : null}
      w={140}
    />
  );
}
