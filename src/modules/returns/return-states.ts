import type { MoveWords, Moves } from '../../lib/state-machine.js';

/** Return `status`. */
export type ReturnStatus =
  | 'requested' // staff recorded that the buyer sends items back; nothing has arrived
  | 'received' // the items arrived (and went back to stock when the return restocks)
  | 'refunded' // their money went back through the order's gateway
  | 'canceled'; // called off before the items arrived

export const returnMoves: Moves<ReturnStatus> = {
  requested: ['received', 'canceled'],
  received: ['refunded'],
  refunded: [],
  canceled: [],
};

export const returnWords: MoveWords<ReturnStatus> = {
  subject: 'return',
  state: { requested: 'requested and not received yet', received: 'received', refunded: 'refunded', canceled: 'canceled' },
  move: { requested: 'requested again', received: 'received', refunded: 'refunded', canceled: 'canceled' },
};

/** What a return's units hold of their items: every return but a canceled one. */
export const holdingStatuses: ReturnStatus[] = ['requested', 'received', 'refunded'];
