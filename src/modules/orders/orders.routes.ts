import { created, IdParams, ok, PageQuery, Problem } from '../../http/common-schemas.js';
import { commaList, type App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { Type } from 'typebox';
import { addComment, listComments } from './order-comments.service.js';
import { createTransaction, listTransactions } from './order-transactions.service.js';
import {
  OrderCancel, OrderCommentCreate, OrderCommentEnvelope, OrderCommentList, OrderEnvelope, OrderList, OrderListQuery, OrderUpdate, TransactionCreate, TransactionEnvelope, TransactionList,
} from './orders.schemas.js';
import * as service from './orders.service.js';

const tags = ['Orders'];
const customer = { access: 'customer' as const };

export async function ordersRoutes(app: App): Promise<void> {
  app.get('/v1/orders', {
    config: { ...customer, action: 'order.read' },
    schema: { tags, summary: 'List orders (a signed-in customer: its own)', querystring: OrderListQuery, response: ok(OrderList) },
  }, async (request) => {
    const { q, id, status, financial_status, fulfillment_status, metadata } = request.query;
    return service.listOrders(request.ctx, { q, ids: commaList(id), status, financial_status, fulfillment_status, metadata }, pageRequest(request.query), request.url);
  });

  app.get('/v1/orders/:id', {
    config: { ...customer, action: 'order.read' },
    schema: { tags, summary: 'Get an order', params: IdParams, response: ok(OrderEnvelope) },
  }, async (request) => ({ data: await service.getOrder(request.ctx, request.params.id) }));

  app.post('/v1/orders/:id', {
    config: { action: 'order.update' },
    schema: { tags, summary: 'Update the staff note or the email of an order', params: IdParams, body: OrderUpdate, response: ok(OrderEnvelope) },
  }, async (request) => ({ data: await service.updateOrder(request.ctx, request.params.id, request.body) }));

  app.post('/v1/orders/:id/cancel', {
    config: { action: 'order.cancel' },
    schema: { tags, summary: 'Cancel an order (its stock goes back)', params: IdParams, body: OrderCancel, response: ok(OrderEnvelope) },
  }, async (request) => ({ data: await service.cancelOrder(request.ctx, request.params.id, request.body.reason) }));

  app.post('/v1/orders/:id/archive', {
    config: { action: 'order.archive' },
    schema: { tags, summary: 'Archive a placed order', params: IdParams, response: ok(OrderEnvelope) },
  }, async (request) => ({ data: await service.archiveOrder(request.ctx, request.params.id) }));

  app.get('/v1/orders/:id/transactions', {
    config: { action: 'order.read' },
    schema: { tags, summary: "List an order's transactions", params: IdParams, querystring: Type.Object(PageQuery), response: ok(TransactionList) },
  }, async (request) => listTransactions(request.ctx, request.params.id, pageRequest(request.query), request.url));

  app.post('/v1/orders/:id/transactions', {
    config: { action: 'transaction.create' },
    // 402: the gateway refused the move.
    schema: {
      tags, summary: 'Capture, refund or void money of an order', params: IdParams, body: TransactionCreate, response: { ...created(TransactionEnvelope), 402: Problem },
    },
  }, async (request, reply) => reply.code(201).send({ data: await createTransaction(request.ctx, request.params.id, request.body) }));

  app.get('/v1/orders/:id/comments', {
    config: { action: 'order.read' },
    schema: { tags, summary: "List the comments staff added to an order's timeline, newest first", params: IdParams, querystring: Type.Object(PageQuery), response: ok(OrderCommentList) },
  }, async (request) => listComments(request.ctx, request.params.id, pageRequest(request.query), request.url));

  app.post('/v1/orders/:id/comments', {
    config: { action: 'order.comment' },
    schema: { tags, summary: "Add a comment to an order's timeline", params: IdParams, body: OrderCommentCreate, response: created(OrderCommentEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await addComment(request.ctx, request.params.id, request.body.body) }));
}
