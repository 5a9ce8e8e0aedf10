import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useSession } from '../lib/session';

type Props = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/** A button that changes something: disabled, and saying why, for a read-only key. */
export function WriteButton({ disabled, title, ...props }: Props) {
  const { readOnly } = useSession();
  return <Button {...props} disabled={readOnly || disabled} title={readOnly ? 'Your key is read-only' : title} />;
}
