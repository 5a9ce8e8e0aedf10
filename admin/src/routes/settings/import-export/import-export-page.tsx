import { Alert, Button, FileInput, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { downloadExport, useExports, useStartExport, type ExportJob, type ExportKind } from '../../../api/exports';
import { useImport, useStartImport, type ImportJob, type ImportKind } from '../../../api/imports';
import { ListPanel, ListTable } from '../../../components/list-panel';
import { ProblemAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { useCan } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { PageHeader } from '../page-header';
import { JobProgress } from './job-progress';

const route = getRouteApi('/_shell/settings/import-export');

const KIND_NAMES: Record<ExportKind, string> = { products: 'Products', customers: 'Customers', orders: 'Orders' };
/** The records of each kind, whose read action a role needs to export them. */
const KIND_READS: Record<ExportKind, string> = { products: 'product.read', customers: 'customer.read', orders: 'order.read' };

/**
 * Moving a store in and out: a Shopify product or customer CSV export uploaded as an import job whose
 * progress and row errors show as it runs, and exports of products, customers and orders whose files
 * download once written.
 */
export function ImportExportPage() {
  const exports = useExports(route.useSearch().page ?? 1);
  return (
    <Stack gap="md">
      <PageHeader title="Import & export" fetching={exports.isFetching}>
        Files in Shopify's CSV columns: a Shopify export imports as it is, and our exports open in Shopify or a spreadsheet.
      </PageHeader>
      <ImportSection />
      <ExportSection />
    </Stack>
  );
}

function ImportSection() {
  const { import: importId } = route.useSearch();
  const navigate = route.useNavigate();
  const start = useStartImport();
  const [kind, setKind] = useState<ImportKind>('products');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    if (!file) return;
    setError(null);
    try {
      const job = await start.mutateAsync({ kind, file });
      setFile(null);
      void navigate({ search: (previous) => ({ ...previous, import: job.id }) });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Section title="Import">
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} id="import-kind-label" mb={4}>
                What the file holds
              </Text>
              <SegmentedControl
                aria-labelledby="import-kind-label"
                value={kind}
                onChange={(value) => setKind(value as ImportKind)}
                data={[
                  { value: 'products', label: 'Products' },
                  { value: 'customers', label: 'Customers' },
                ]}
              />
            </div>
            <FileInput
              label="CSV file"
              description="A product or customer export from Shopify, or a file in its columns. Importing the same file again updates, never duplicates."
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              maw={520}
            />
            <Group>
              <WriteButton action="import.create" type="submit" loading={start.isPending} disabled={!file}>
                Import
              </WriteButton>
            </Group>
          </Stack>
        </form>
        {error !== null && <ProblemAlert error={error} title="The file was not imported" />}
        {importId && <ImportStatus id={importId} />}
      </Stack>
    </Section>
  );
}

/** The import followed: its bar, its counts, why it failed, and the rows it could not import. */
function ImportStatus({ id }: { id: string }) {
  const job = useImport(id);
  if (job.error) return <ProblemAlert error={job.error} title="The import could not be read" />;
  if (!job.data) return null;
  return <ImportJobView job={job.data} />;
}

function ImportJobView({ job }: { job: ImportJob }) {
  return (
    <Paper withBorder p="sm" aria-label={`Import of ${job.filename}`} component="section">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {KIND_NAMES[job.kind]} from {job.filename}
        </Text>
        <JobProgress label={`Import of ${job.filename}`} job={job} unit="rows" />
        <Text size="sm">
          {job.created.toLocaleString()} created · {job.updated.toLocaleString()} updated · {job.error_count.toLocaleString()} {job.error_count === 1 ? 'row error' : 'row errors'}
        </Text>
        {job.failure && (
          <Alert color="red" variant="light" title="The import failed" role="alert">
            {job.failure}
          </Alert>
        )}
        {job.errors.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Rows not imported{job.error_count > job.errors.length ? ` (the first ${job.errors.length} of ${job.error_count})` : ''}
            </Text>
            <ListTable
              label="Rows not imported"
              minWidth={520}
              compact
              columns={
                <>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </>
              }
            >
              {job.errors.map((fault, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{fault.row}</Table.Td>
                  <Table.Td>{fault.field}</Table.Td>
                  <Table.Td>{fault.message}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ExportSection() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const exports = useExports(page);
  const start = useStartExport();
  const { can, why } = useCan();

  const startExport = async (kind: ExportKind) => {
    try {
      await start.mutateAsync(kind);
      void navigate({ search: (previous) => ({ ...previous, page: undefined }) });
      notifyDone(`${KIND_NAMES[kind]} export started`);
    } catch (failure) {
      notifyProblem(`The ${kind} export did not start`, failure);
    }
  };

  return (
    <Section title="Export">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Every product (with its variants and images), every customer, or every placed order (a row per line item), in Shopify's columns.
        </Text>
        <Group gap="sm">
          {(['products', 'customers', 'orders'] as const).map((kind) => (
            <WriteButton
              key={kind}
              action="export.create"
              variant="default"
              disabled={!can(KIND_READS[kind])}
              title={can(KIND_READS[kind]) ? undefined : why}
              loading={start.isPending && start.variables === kind}
              onClick={() => void startExport(kind)}
            >
              Export {kind}
            </WriteButton>
          ))}
        </Group>
        <ListPanel
          query={exports}
          noun="exports"
          label="Recent exports"
          minWidth={640}
          inSection
          empty="No export yet."
          columns={
            <>
              <Table.Th>Export</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Asked for</Table.Th>
              <Table.Th>File</Table.Th>
            </>
          }
          row={(job) => <ExportRow key={job.id} job={job} />}
          onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) })}
        />
      </Stack>
    </Section>
  );
}

function ExportRow({ job }: { job: ExportJob }) {
  const { client } = useSession();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadExport(client, job);
    } catch (failure) {
      notifyProblem('The file could not be downloaded', failure);
    } finally {
      setDownloading(false);
    }
  };
  const label = `${KIND_NAMES[job.kind]} export of ${formatTime(job.created_at)}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {KIND_NAMES[job.kind]}
        </Text>
      </Table.Td>
      <Table.Td miw={200}>
        <JobProgress label={label} job={job} unit={job.kind} />
        {job.failure && (
          <Text size="xs" c="red.8">
            {job.failure}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatTime(job.created_at)}</Table.Td>
      <Table.Td>
        {job.url ? (
          <Button size="xs" variant="light" loading={downloading} onClick={() => void download()} aria-label={`Download ${job.filename}`}>
            Download
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
