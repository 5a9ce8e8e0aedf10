import { Badge, Button, Card, Center, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useDeleteFile, useFiles, useSetFileAlt, useUploadLibraryFile, type StoredFile } from '../../../api/files';
import { Pager } from '../../../components/pager';
import { QueryPanel } from '../../../components/query-panel';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { problemOf } from '../../../lib/problems';
import { RefusedUploads } from '../../../components/refused-uploads';
import { useCan } from '../../../lib/access';

const route = getRouteApi('/_shell/files');

/** A size in bytes as people read it: KB under a megabyte, MB above (1 KB = 1024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/** The short name of a type for the card: `PNG`, `PDF`, `MP4`. */
function typeLabel(mimeType: string): string {
  return (mimeType.split('/')[1] ?? mimeType).replace(/^x-/, '').toUpperCase();
}

/**
 * The media library: every uploaded file, newest first, as cards. Files dropped on the zone (or
 * picked with its button) are uploaded one by one; the server's refusal of one is listed by its name.
 */
export function FileLibraryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const files = useFiles(search.page ?? 1);
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={1}>Files</Title>
        {files.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <UploadZone onUploaded={() => void navigate({ search: {} })} />
      <QueryPanel query={files} what="files" empty="">
        {(page) =>
          page.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No files yet: images, PDFs and videos uploaded here or on a product can be linked from anywhere.
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Files">
                {page.data.map((file) => (
                  <FileCard key={file.id} file={file} />
                ))}
              </SimpleGrid>
              <Pager pagination={page.meta.pagination} noun="files" onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })} />
            </>
          )
        }
      </QueryPanel>
    </Stack>
  );
}

function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const readOnly = !useCan().can('file.create');
  const upload = useUploadLibraryFile();
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([]);

  const onDrop = async (files: File[]) => {
    setRefused([]);
    setPending(files.length);
    let kept = 0;
    for (const file of files) {
      try {
        await upload(file);
        kept++;
      } catch (failure) {
        const problem = problemOf(failure);
        setRefused((list) => [...list, { name: file.name, reason: problem.detail ?? problem.title }]);
      }
      setPending((left) => left - 1);
    }
    if (kept > 0) {
      notifyDone(kept === 1 ? 'File uploaded' : `${kept} files uploaded`);
      onUploaded();
    }
  };
  // The server judges each file's type and size: a refusal must be its words, not a silent filter here.
  const dropzone = useDropzone({ onDrop: (files) => void onDrop(files), noClick: true, noKeyboard: true, disabled: readOnly });

  return (
    <Stack gap="sm">
      <Paper
        {...dropzone.getRootProps({ role: 'group', 'aria-label': 'File drop zone' })}
        withBorder
        p="lg"
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dropzone.isDragActive ? 'var(--mantine-color-blue-6)' : undefined, background: dropzone.isDragActive ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        <input {...dropzone.getInputProps({ 'aria-label': 'Files to upload' })} />
        <Group justify="center" gap="md">
          <Text size="sm" c="dimmed">
            {dropzone.isDragActive ? 'Drop the files to upload them' : 'Drag files here, or'}
          </Text>
          <WriteButton action="file.create" variant="default" size="xs" onClick={dropzone.open}>
            Upload files…
          </WriteButton>
          {pending > 0 && <Loader size="xs" aria-label={`Uploading ${pending} file${pending > 1 ? 's' : ''}`} />}
        </Group>
      </Paper>
      <RefusedUploads refused={refused} onDismiss={() => setRefused([])} />
    </Stack>
  );
}

function FileCard({ file }: { file: StoredFile }) {
  const remove = useDeleteFile();
  const name = file.original_filename;
  const isImage = file.mime_type.startsWith('image/');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(file.url);
      notifyDone(`Link to ${name} copied`);
    } catch (error) {
      notifyProblem('The link could not be copied', error);
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      children: (
        <Text size="sm">
          {name} is deleted and its link stops working. Products, variants and posts showing it lose that image. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete file', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(file.id, { onSuccess: () => notifyDone(`${name} deleted`), onError: (error) => notifyProblem(`${name} was not deleted`, error) }),
    });

  return (
    <Card component="li" withBorder padding="sm" aria-label={name}>
      <Card.Section>
        {isImage ? (
          <Image src={file.url} alt={file.alt ?? ''} h={140} fit="cover" />
        ) : (
          <Center h={140} bg="var(--mantine-color-gray-1)">
            <Badge size="lg" variant="light" radius="sm">
              {typeLabel(file.mime_type)}
            </Badge>
          </Center>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {typeLabel(file.mime_type)} · {fileSize(file.size)} · {new Date(file.created_at * 1000).toLocaleDateString()}
        </Text>
        {isImage && <AltTextField file={file} />}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={() => void copyLink()} aria-label={`Copy link to ${name}`}>
            Copy link
          </Button>
          <WriteButton action="file.delete" size="xs" variant="default" color="red" onClick={confirmDelete} aria-label={`Delete ${name}`}>
            Delete
          </WriteButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** An image's alt text, saved when the field is left or Enter is pressed, if it changed. */
function AltTextField({ file }: { file: StoredFile }) {
  const readOnly = !useCan().can('file.update');
  const setAlt = useSetFileAlt();
  const [value, setValue] = useState(file.alt ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const alt = value.trim();
    if (alt === (file.alt ?? '')) return;
    setError(null);
    setAlt.mutate(
      { id: file.id, alt: alt === '' ? null : alt },
      {
        onSuccess: (saved) => {
          setValue(saved.alt ?? '');
          notifyDone(`Alt text of ${file.original_filename} saved`);
        },
        onError: (failure) => setError(problemOf(failure).detail ?? 'The alt text was not saved'),
      },
    );
  };

  return (
    <TextInput
      size="xs"
      label="Alt text"
      aria-label={`Alt text of ${file.original_filename}`}
      description="What the image shows, for people who cannot see it"
      value={value}
      maxLength={500}
      disabled={readOnly}
      error={error}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          save();
        }
      }}
      rightSection={setAlt.isPending ? <Loader size={12} aria-label="Saving" /> : undefined}
    />
  );
}
