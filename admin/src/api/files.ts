import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import { useUploadFile } from './products';

export type StoredFile = components['schemas']['StoredFile'];

export const FILES_PER_PAGE = 24;

export const fileKeys = {
  all: ['files'] as const,
  list: (page: number) => ['files', 'list', page] as const,
};

/** The media library's page of uploads, newest first. */
export function fileListQuery(client: StorefrontClient, page: number) {
  return queryOptions({
    queryKey: fileKeys.list(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/files', { params: { query: { page, per_page: FILES_PER_PAGE } }, signal })),
  });
}

export function useFiles(page: number) {
  const { client } = useSession();
  return useQuery({ ...fileListQuery(client, page), placeholderData: keepPreviousData });
}

/** An upload into the library (`POST /v1/files`): the list is read again once it is kept. */
export function useUploadLibraryFile(): (file: File) => Promise<StoredFile> {
  const queryClient = useQueryClient();
  const upload = useUploadFile();
  return (file) => upload.mutateAsync(file, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: fileKeys.all }) });
}

export function useSetFileAlt() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, alt }: { id: string; alt: string | null }) =>
      unwrap(await client.POST('/v1/files/{id}', { params: { path: { id } }, body: { alt } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}

export function useDeleteFile() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/files/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fileKeys.all }),
  });
}
