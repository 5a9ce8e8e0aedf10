import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components, type StorefrontClient } from 'storefront/client';
import { downloadBlob } from '../lib/csv';
import { useSession } from '../lib/session';
import { isUnderWay, JOB_POLL_MS } from './imports';

export type ExportJob = components['schemas']['Export'];
export type ExportKind = ExportJob['kind'];

/** Recent exports shown at once: older ones are a page further. */
export const EXPORTS_PER_PAGE = 10;

const exportKeys = { all: ['exports'] as const, list: (page: number) => ['exports', 'list', page] as const };

/** A page of exports, newest first, read again every second while one of them is under way. */
export function useExports(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: exportKeys.list(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/exports', { params: { query: { page, per_page: EXPORTS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isUnderWay) ? JOB_POLL_MS : false),
  });
}

/** Queues an export (`POST /v1/exports`); the list is read again, and keeps being while it runs. */
export function useStartExport() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: ExportKind) => unwrap(await client.POST('/v1/exports', { body: { kind } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/**
 * Downloads a finished export's file: fetched with the session's credential (a plain link would send
 * none), then handed to the browser under the export's name.
 */
export async function downloadExport(client: StorefrontClient, job: ExportJob): Promise<void> {
  const blob = unwrap(await client.GET('/v1/exports/{id}/file', { params: { path: { id: job.id } }, parseAs: 'blob' })) as unknown as Blob;
  downloadBlob(job.filename, blob);
}
