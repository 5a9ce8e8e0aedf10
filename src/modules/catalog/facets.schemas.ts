import { Type, type TSchema } from 'typebox';
import { Nullable, Pagination } from '../../http/common-schemas.js';

export const facetNames = ['vendor', 'tags', 'options', 'price'] as const;
export type FacetName = (typeof facetNames)[number];
/** `facets=vendor,price`: facet names joined by commas. */
export const FACETS_PATTERN = `^(${facetNames.join('|')})(,(${facetNames.join('|')}))*$`;

const FacetValues = Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }), {
  description: 'the most frequent first (at most 100), each counted under the listing\'s other filters',
});

export const Facets = Type.Object({
  vendor: Type.Optional(FacetValues),
  tags: Type.Optional(FacetValues),
  options: Type.Optional(Type.Record(Type.String(), FacetValues, { description: 'option name → its values' })),
  price: Type.Optional(Type.Object({
    min: Nullable(Type.Integer()),
    max: Nullable(Type.Integer({ description: "cents, the market's in a market; null when nothing is listed" })),
  })),
}, { title: 'Facets', description: 'the facets asked for with `facets`' });

/** A list answer whose meta carries the facets asked for beside the pagination. */
export function FacetedListEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: Type.Array(schema), meta: Type.Object({ pagination: Pagination, facets: Type.Optional(Facets) }) });
}
