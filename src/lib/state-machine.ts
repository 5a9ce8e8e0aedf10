import { Problem } from './problem.js';

/** A state machine as data: each state and the states it may move to. */
export type Moves<S extends string> = Readonly<Record<S, readonly S[]>>;

/**
 * How a machine's refusals read: what it is about (`order`), each state as it reads after "is"
 * (`not placed yet`), and each move by the state it leads to, as it reads after "cannot be"
 * (`paid for`).
 */
export interface MoveWords<S extends string> {
  subject: string;
  state: Readonly<Record<S, string>>;
  move: Readonly<Record<S, string>>;
}

export function canMove<S extends string>(moves: Moves<S>, from: S, to: S): boolean {
  return moves[from]?.includes(to) ?? false;
}

/** A refused move in words: "The order is already paid", "The order is canceled: it cannot be archived". */
export function refusal<S extends string>(words: MoveWords<S>, from: S, to: S): string {
  if (from === to) return `The ${words.subject} is already ${words.state[from]}`;
  return `The ${words.subject} is ${words.state[from]}: it cannot be ${words.move[to]}`;
}

/**
 * Throws 409 invalid_state unless the machine allows the move: the detail says it in words, and
 * `field`, `current` and `requested` name the states. `what` names the field (`status`,
 * `financial_status`).
 */
export function assertMove<S extends string>(moves: Moves<S>, what: string, from: S, to: S, words: MoveWords<S>): void {
  if (!canMove(moves, from, to)) {
    throw new Problem('invalid_state', refusal(words, from, to), {
      extra: { field: what, current: from, requested: to },
    });
  }
}
