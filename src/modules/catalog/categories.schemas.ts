import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';
import { localeQuery, translationFields, translationsInput } from '../translations/translations.schemas.js';
import { PERMALINK_PATTERN } from './permalinks.js';
import { listingQuery } from './skus.schemas.js';

const categoryProperties = {
  id: Id('cat'),
  object: Type.Literal('category'),
  permalink: Type.String(),
  title: Type.String(),
  order: Type.Integer({ description: 'display position; siblings are sorted by order, then by id' }),
  parent_id: Nullable(Type.String({ description: 'the parent category; null for a root category' })),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const Category = Type.Object(categoryProperties, { title: 'Category' });

/** A category with all its descendants nested in `children`, each level sorted by order, then id. */
export const CategoryNode = Type.Cyclic(
  {
    CategoryNode: Type.Object({
      ...categoryProperties,
      children: Type.Array(Type.Ref('CategoryNode'), { description: 'child categories, sorted by order, then id' }),
    }, { title: 'CategoryNode' }),
  },
  'CategoryNode',
);

// The column is a PostgreSQL `integer`: a wider value would fail in the database instead of here.
const orderRange = { minimum: -2_147_483_648, maximum: 2_147_483_647, description: 'display position' };
const permalink = Type.String({
  pattern: PERMALINK_PATTERN,
  maxLength: 255,
  description: 'unique; lowercase words joined by hyphens. Default: the slug of the title, made unique with -2, -3, …',
});
const title = Type.String({ minLength: 1, maxLength: 255 });
const parentId = Nullable(Type.String({ maxLength: 64, description: 'an existing category; null makes a root category' }));

export const CategoryCreate = Type.Object({
  title,
  parent_id: Type.Optional(parentId),
  order: Type.Optional(Type.Integer({ ...orderRange, default: 0 })),
  permalink: Type.Optional(permalink),
  ...metadataInput,
  ...translationsInput,
});

/** The create payload; a member left out keeps its current value. */
export const CategoryUpdate = Type.Object({
  title,
  parent_id: Type.Optional(parentId),
  order: Type.Optional(Type.Integer(orderRange)),
  permalink: Type.Optional(permalink),
  ...metadataInput,
  ...translationsInput,
});

export const CategoryListQuery = Type.Object({ ...PageQuery, ...metadataQuery, ...localeQuery });
export const CategoryTreeQuery = Type.Object({ ...PageQuery, ...localeQuery });
export const CategoryEnvelope = DataEnvelope(Category);
export const CategoryList = ListEnvelope(Category);
export const CategoryTreeEnvelope = DataEnvelope(CategoryNode);
export const CategoryTreeList = ListEnvelope(CategoryNode);

export const CategoryProductsQuery = Type.Object(listingQuery);
