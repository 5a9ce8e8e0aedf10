import { Problem } from './problem.js';

/** A state machine as data: each state and the states it may move to. */
export type Moves<S extends string> = Readonly<Record<S, readonly S[]>>;

export function canMove<S extends string>(moves: Moves<S>, from: S, to: S): boolean {
  return moves[from]?.includes(to) ?? false;
}

/**
 * Throws 409 invalid_state, naming the current and the requested state, unless the machine allows
 * the move. `what` names the field (`status`, `financial_status`).
 */
export function assertMove<S extends string>(moves: Moves<S>, what: string, from: S, to: S): void {
  if (!canMove(moves, from, to)) {
    throw new Problem('invalid_state', `Cannot move ${what} from ${from} to ${to}`, {
      extra: { field: what, current: from, requested: to },
    });
  }
}
