import { describe, expect, it } from 'vitest';
import { Problem } from '../../lib/problem.js';
import { assertMove, canMove, refusal } from '../../lib/state-machine.js';
import { returnMoves, returnWords, type ReturnStatus } from './return-states.js';

const statuses = Object.keys(returnMoves) as ReturnStatus[];

describe('return states', () => {
  it('allows requested → received → refunded and requested → canceled, and nothing else', () => {
    const allowed = statuses.flatMap((from) => statuses.filter((to) => canMove(returnMoves, from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['received→refunded', 'requested→canceled', 'requested→received']);
  });

  it('refuses every other move with 409 invalid_state naming both states, in words', () => {
    let caught: unknown;
    try {
      assertMove(returnMoves, 'status', 'received', 'canceled', returnWords);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Problem);
    expect(caught).toMatchObject({ code: 'invalid_state', extra: { field: 'status', current: 'received', requested: 'canceled' } });
    expect(refusal(returnWords, 'received', 'canceled')).toBe('The return is received: it cannot be canceled');
    expect(refusal(returnWords, 'requested', 'refunded')).toBe('The return is requested and not received yet: it cannot be refunded');
    expect(refusal(returnWords, 'refunded', 'refunded')).toBe('The return is already refunded');
  });
});
