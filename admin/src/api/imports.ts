import { useMutation, useQuery } from '@tanstack/react-query';
import { unwrap, type components } from 'storefront/client';
import { useSession } from '../lib/session';

export type ImportJob = components['schemas']['Import'];
export type ImportKind = ImportJob['kind'];

/** How often a job under way is read again: its progress bar moves about once a second. */
export const JOB_POLL_MS = 1000;

/** Whether a bulk job is still to run or running: its screen reads it again until it ends. */
export function isUnderWay(job: { status: string }): boolean {
  return job.status === 'queued' || job.status === 'running';
}

/** An import job, read again every second while it is under way. */
export function useImport(id: string | undefined) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['imports', id],
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/imports/{id}', { params: { path: { id: id! } }, signal })).data,
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && !isUnderWay(query.state.data) ? false : JOB_POLL_MS),
  });
}

/** Uploads a Shopify CSV export as an import job (`POST /v1/imports`, multipart: kind and file). */
export function useStartImport() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: ImportKind; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      return unwrap(await client.POST('/v1/imports', { body: { kind, file: '' }, bodySerializer: () => form })).data;
    },
  });
}
