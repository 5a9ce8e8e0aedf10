import type { MoveWords, Moves } from '../../lib/state-machine.js';

/** Order `status`. */
export type OrderStatus =
  | 'created' // made by a checkout; the buyer is still giving data and paying
  | 'placed' // payment submitted: the order is the shop's to fulfil
  | 'canceled' // called off; its stock went back
  | 'archived'; // done with, kept for the record

export const statusMoves: Moves<OrderStatus> = {
  created: ['placed', 'canceled'],
  placed: ['canceled', 'archived'],
  canceled: [],
  archived: [],
};

export const statusWords: MoveWords<OrderStatus> = {
  subject: 'order',
  state: { created: 'not placed yet', placed: 'placed', canceled: 'canceled', archived: 'archived' },
  move: { created: 'reopened', placed: 'paid for', canceled: 'canceled', archived: 'archived' },
};

/** Order `financial_status`: the spec's list plus `unpaid`, before any payment. */
export type FinancialStatus =
  | 'unpaid' // no payment yet
  | 'pending' // an offline payment (transfer, cash) is awaited
  | 'authorized' // funds reserved, not yet captured
  | 'partially_paid' // part of the total captured
  | 'paid' // the total captured
  | 'partially_refunded' // part of what was captured given back
  | 'refunded' // everything captured given back
  | 'voided'; // the authorization released

export const financialMoves: Moves<FinancialStatus> = {
  unpaid: ['paid', 'authorized', 'pending'],
  pending: ['paid', 'partially_paid', 'voided'],
  authorized: ['paid', 'partially_paid', 'voided'],
  partially_paid: ['paid', 'partially_paid', 'partially_refunded', 'refunded'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  voided: [],
};

export const financialWords: MoveWords<FinancialStatus> = {
  subject: 'order',
  state: {
    unpaid: 'unpaid',
    pending: 'awaiting an offline payment',
    authorized: 'authorized and not yet captured',
    partially_paid: 'partially paid',
    paid: 'paid',
    partially_refunded: 'partially refunded',
    refunded: 'refunded',
    voided: 'voided',
  },
  // Named by what staff do: a capture leads to paid or partially_paid, a refund to (partially_)refunded.
  move: {
    unpaid: 'made unpaid again',
    pending: 'left awaiting payment',
    authorized: 'authorized',
    partially_paid: 'captured',
    paid: 'captured',
    partially_refunded: 'refunded',
    refunded: 'refunded',
    voided: 'voided',
  },
};

/** Order `fulfillment_status`, computed from the items' fulfilled quantities. */
export type FulfillmentStatus = 'unfulfilled' | 'not_required' | 'partially_fulfilled' | 'fulfilled';
