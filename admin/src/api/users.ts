import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import type { Role } from '../lib/access';
import { useSession } from '../lib/session';
import { SETTINGS_PER_PAGE } from './access';

export const userKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', 'page', page] as const,
  policy: ['users', 'policy'] as const,
  me: ['users', 'me'] as const,
};

/** The store's staff, a page at a time (owner). */
export function useUsers(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: userKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/users', { params: { query: { page, per_page: SETTINGS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Invites a colleague: the server mails them a link to choose their password. */
export function useInviteUser() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; name?: string; role: Role }) => unwrap(await client.POST('/v1/users', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** A colleague's name, role, or whether they may sign in (owner). */
export function useUpdateUser() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string; name?: string; role?: Role; is_active?: boolean }) =>
      unwrap(await client.POST('/v1/users/{id}', { params: { path: { id } }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Mails a pending invitation again, with a new link (the old one stops working). */
export function useResendInvitation() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.POST('/v1/users/{id}/invitation', { params: { path: { id } } })),
  });
}

export function useRemoveUser() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/users/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Whether the store requires two-factor sign-in of everyone. */
export function useUserPolicy() {
  const { client } = useSession();
  return useQuery({
    queryKey: userKeys.policy,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/users/policy', { signal })).data,
  });
}

export function useUpdateUserPolicy() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { is_two_factor_required: boolean }) => unwrap(await client.POST('/v1/users/policy', { body })).data,
    onSuccess: (policy) => queryClient.setQueryData(userKeys.policy, policy),
  });
}

/** The signed-in user. */
export function useMe() {
  const { client } = useSession();
  return useQuery({
    queryKey: userKeys.me,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/users/me', { signal })).data,
  });
}

/** The signed-in user's own name or password (a new password needs the current one). */
export function useUpdateMe() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name?: string; password?: string; current_password?: string }) => unwrap(await client.POST('/v1/users/me', { body })).data,
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me, me);
      // The header names the user from their access.
      void queryClient.invalidateQueries({ queryKey: ['access'] });
    },
  });
}

/** A new secret for the authenticator app: two-factor sign-in is not on until a code from it is confirmed. */
export function useStartTwoFactor() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/users/me/two_factor')).data,
  });
}

/** Turns two-factor sign-in on with a code from the app; the answer holds the recovery codes, once. */
export function useConfirmTwoFactor() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otp: string) => unwrap(await client.POST('/v1/users/me/two_factor/confirm', { body: { otp } })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
      // A user the store held back until they set it up may now use the dashboard.
      void queryClient.invalidateQueries({ queryKey: ['access'] });
    },
  });
}

export function useDisableTwoFactor() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otp: string) => unwrap(await client.POST('/v1/users/me/two_factor/disable', { body: { otp } })).data,
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me, me);
      void queryClient.invalidateQueries({ queryKey: ['access'] });
    },
  });
}
