import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import type { Role } from '../lib/access';
import { useSession } from '../lib/session';

/** Settings lists are short: a page holds this many. */
export const SETTINGS_PER_PAGE = 25;

export const accessKeys = {
  apiKeys: (page: number) => ['api-keys', page] as const,
  allApiKeys: ['api-keys'] as const,
  channels: (page: number) => ['channels', page] as const,
  allChannels: ['channels'] as const,
};

/** Staff keys (admin and read-only), oldest first; `is_current` marks the one signed in with. */
export function useApiKeys(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: accessKeys.apiKeys(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/api_keys', { params: { query: { page, per_page: SETTINGS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** A new staff key: its token is in this answer only. */
export function useCreateApiKey() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name?: string; role: Role }) => unwrap(await client.POST('/v1/api_keys', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allApiKeys }),
  });
}

/** Revokes a staff key. Revoking the key in use (`current`) ends the session: nothing is read again with it. */
export function useRevokeApiKey() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; current: boolean }) => unwrap(await client.DELETE('/v1/api_keys/{id}', { params: { path: { id } } })),
    onSuccess: (_, { current }) => (current ? undefined : queryClient.invalidateQueries({ queryKey: accessKeys.allApiKeys })),
  });
}

/** Sales channels with their keys (last four characters only). */
export function useChannels(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: accessKeys.channels(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/channels', { params: { query: { page, per_page: SETTINGS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Creates a channel, or renames the one given. */
export function useSaveChannel(id?: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string }) =>
      id
        ? unwrap(await client.POST('/v1/channels/{id}', { params: { path: { id } }, body })).data
        : unwrap(await client.POST('/v1/channels', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allChannels }),
  });
}

/** A new `ck_…` key of a channel: its token is in this answer only. */
export function useIssueChannelKey() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channelId: string) => unwrap(await client.POST('/v1/channels/{id}/keys', { params: { path: { id: channelId } } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allChannels }),
  });
}

export function useRevokeChannelKey() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ channelId, keyId }: { channelId: string; keyId: string }) =>
      unwrap(await client.DELETE('/v1/channels/{id}/keys/{keyId}', { params: { path: { id: channelId, keyId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.allChannels }),
  });
}
