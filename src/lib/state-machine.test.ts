import { describe, expect, it } from 'vitest';
import { financialMoves, financialWords, statusMoves, statusWords } from '../modules/orders/order-states.js';
import { Problem } from './problem.js';
import { assertMove, canMove, refusal } from './state-machine.js';

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
      assertMove(statusMoves, 'status', 'placed', 'placed', statusWords);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Problem);
      expect((error as Problem).status).toBe(409);
      expect((error as Problem).extra).toEqual({ field: 'status', current: 'placed', requested: 'placed' });
      expect((error as Problem).message).toBe('The order is already placed');
    }
  });

  it('names a refused move in words', () => {
    expect(refusal(financialWords, 'paid', 'paid')).toBe('The order is already paid');
    expect(refusal(financialWords, 'paid', 'voided')).toBe('The order is paid: it cannot be voided');
    expect(refusal(financialWords, 'voided', 'refunded')).toBe('The order is voided: it cannot be refunded');
    expect(refusal(statusWords, 'created', 'archived')).toBe('The order is not placed yet: it cannot be archived');
    expect(refusal(statusWords, 'canceled', 'placed')).toBe('The order is canceled: it cannot be paid for');
  });
});
