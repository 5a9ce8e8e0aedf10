import { Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from './links';
import { ProblemAlert } from './problem-alert';

/**
 * The frame of a screen that reads one record: a loader until it is there, then the link back to its
 * list above either the problem that kept it from being read or the screen `children` draws of it.
 */
export function RecordFrame<T>({ query, noun, back, ready = true, children }: {
  query: UseQueryResult<T>;
  /** Singular, lower case: `order`. */
  noun: string;
  /** The list the record belongs to: `{ to: '/orders', label: 'Orders' }`. */
  back: { to: LinkProps['to']; params?: LinkProps['params']; label: string };
  /** False while something else the screen needs is still loading. */
  ready?: boolean;
  children: (data: T) => ReactNode;
}) {
  const backLink = (
    <AnchorLink to={back.to} params={back.params} size="sm">
      ← {back.label}
    </AnchorLink>
  );
  if (query.error) {
    return (
      <Stack>
        {backLink}
        <ProblemAlert error={query.error} title={`The ${noun} could not be read`} />
      </Stack>
    );
  }
  if (query.data === undefined || !ready) return <Loader aria-label={`Loading the ${noun}`} />;
  return (
    <Stack gap="lg">
      {backLink}
      {children(query.data)}
    </Stack>
  );
}
