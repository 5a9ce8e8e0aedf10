import { created, IdOrPermalinkParams, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { requestMarket } from '../markets/market-views.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  CategoryCreate, CategoryEnvelope, CategoryList, CategoryListQuery, CategoryProductsQuery, CategoryTreeEnvelope, CategoryTreeList, CategoryTreeQuery, CategoryUpdate,
} from './categories.schemas.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import * as service from './categories.service.js';
import { catalogFilterOf, facetsOf } from './listing-query.js';
import { ProductList } from './products.schemas.js';

const tags = ['Categories'];

export async function categoriesRoutes(app: App): Promise<void> {
  app.get('/v1/categories', {
    config: { access: 'storefront', cache: true, translated: true, action: 'category.read' },
    schema: { tags, summary: 'List categories, flat, by order then id', querystring: CategoryListQuery, response: ok(CategoryList) },
  }, async (request) => service.listCategories(request.ctx, request.query.metadata, pageRequest(request.query), request.url));

  app.get('/v1/categories/tree', {
    config: { access: 'storefront', cache: true, translated: true, action: 'category.read' },
    schema: {
      tags, summary: 'List root categories with their descendants nested in children; pagination counts roots',
      querystring: CategoryTreeQuery, response: ok(CategoryTreeList),
    },
  }, async (request) => service.listCategoryTrees(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/categories/:id', {
    config: { access: 'storefront', cache: true, translated: true, action: 'category.read' },
    schema: { tags, summary: 'Get a category', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(CategoryEnvelope) },
  }, async (request) => ({ data: await service.getCategory(request.ctx, request.params.id) }));

  app.get('/v1/categories/:id/tree', {
    config: { access: 'storefront', cache: true, translated: true, action: 'category.read' },
    schema: { tags, summary: 'Get a category with its descendants nested in children', params: IdOrPermalinkParams, querystring: LocaleQuery, response: ok(CategoryTreeEnvelope) },
  }, async (request) => ({ data: await service.getCategoryTree(request.ctx, request.params.id) }));

  app.get('/v1/categories/:id/products', {
    config: { access: 'storefront', cache: true, translated: true, action: 'product.read' },
    schema: {
      tags, summary: 'List the products of a category and of the categories below it',
      params: IdOrPermalinkParams, querystring: CategoryProductsQuery, response: ok(ProductList),
    },
  }, async (request) =>
    service.listCategoryProducts(
      request.ctx, request.params.id, { ...catalogFilterOf(request.query), market: await requestMarket(request.ctx.db, request.query) }, pageRequest(request.query), request.url,
      facetsOf(request.query),
    ));

  app.post('/v1/categories', {
    config: { action: 'category.create' },
    schema: { tags, summary: 'Create a category', body: CategoryCreate, response: created(CategoryEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createCategory(request.ctx, request.body) }));

  app.post('/v1/categories/:id', {
    config: { action: 'category.update' },
    schema: { tags, summary: 'Update a category', params: IdParams, body: CategoryUpdate, response: ok(CategoryEnvelope) },
  }, async (request) => ({ data: await service.updateCategory(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/categories/:id', {
    config: { action: 'category.delete' },
    schema: {
      tags, summary: 'Delete a category; its children move up to its parent, products lose only this membership',
      params: IdParams, response: noContent,
    },
  }, async (request, reply) => {
    await service.deleteCategory(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
