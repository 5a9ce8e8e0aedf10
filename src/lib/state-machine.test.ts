import { describe, expect, it } from 'vitest';
import { financialMoves, statusMoves } from '../modules/orders/order-states.js';
import { Problem } from './problem.js';
import { assertMove, canMove } from './state-machine.js';

describe('state machines', () => {
  it('allows the moves of the tables and no others', () => {
    expect(canMove(statusMoves, 'created', 'placed')).toBe(true);
    expect(canMove(statusMoves, 'placed', 'created')).toBe(false);
    expect(canMove(statusMoves, 'canceled', 'archived')).toBe(false);
    expect(canMove(financialMoves, 'authorized', 'voided')).toBe(true);
    expect(canMove(financialMoves, 'paid', 'voided')).toBe(false);
  });

  it('refuses a forbidden move with 409 naming both states', () => {
    try {
      assertMove(statusMoves, 'status', 'placed', 'placed');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Problem);
      expect((error as Problem).status).toBe(409);
      expect((error as Problem).extra).toEqual({ field: 'status', current: 'placed', requested: 'placed' });
    }
  });
});
