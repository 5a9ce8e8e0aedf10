'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

/** A form's submit button that says it is working while the form's action runs (and cannot be sent twice). */
export function SubmitButton({ children, pending: pendingText, className, disabled }: { children: ReactNode; pending: string; className?: string; disabled?: boolean }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={className} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending ? pendingText : children}
    </button>
  );
}
