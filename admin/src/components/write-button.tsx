import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useCan } from '../lib/access';

type Props = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & {
  /** What it calls, as the server names it (`order.cancel`): outside the credential's role, it is disabled and says why. */
  action: string;
};

/** A button that changes something: disabled, and saying why, when the role may not. */
export function WriteButton({ action, disabled, title, ...props }: Props) {
  const { can, why } = useCan();
  const allowed = can(action);
  return <Button {...props} disabled={!allowed || disabled} title={allowed ? title : why} />;
}
