import { notifications } from '@mantine/notifications';
import { problemOf } from './problems';

/** A change went through. */
export function notifyDone(message: string): void {
  notifications.show({ message, color: 'green' });
}

/** A change was refused or got no answer: the server's words. */
export function notifyProblem(title: string, error: unknown): void {
  notifications.show({ title, message: problemOf(error).detail, color: 'red', autoClose: 10_000 });
}
