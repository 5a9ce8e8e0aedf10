import { Button, Card, Group, Image, Input, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useUploadFile } from '../../../api/products';
import { problemOf } from '../../../lib/problems';
import { RefusedUploads } from '../../../components/refused-uploads';
import { useCan } from '../../../lib/access';

/** An image of the product being edited: an uploaded file (`id`) or an address it was given (`url` only). */
export interface ImageItem {
  url: string;
  id: string | null;
}

/**
 * The product's images in their order: files dropped on the zone (or picked with its button) are
 * uploaded through `POST /v1/files` one by one, and the server's refusal of one (too big, not an
 * image) is listed by the file's name; the others still join.
 */
export function ImagesField({ value, onChange, error }: { value: ImageItem[]; onChange: (images: ImageItem[]) => void; error?: string }) {
  const { can, why } = useCan();
  const readOnly = !can('product.update');
  const upload = useUploadFile();
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([]);
  const inputId = useId();
  const errorId = useId();

  const onDrop = async (files: File[]) => {
    setRefused([]);
    setPending(files.length);
    let images = value;
    for (const file of files) {
      try {
        const stored = await upload.mutateAsync(file);
        images = [...images, { url: stored.url, id: stored.id }];
        onChange(images);
      } catch (failure) {
        const problem = problemOf(failure);
        setRefused((list) => [...list, { name: file.name, reason: problem.detail ?? problem.title }]);
      }
      setPending((left) => left - 1);
    }
  };
  // The server judges each file's type and size: a refusal must be its words, not a silent filter here.
  const dropzone = useDropzone({ onDrop: (files) => void onDrop(files), noClick: true, noKeyboard: true, disabled: readOnly });

  const move = (from: number, to: number) => {
    const images = [...value];
    const [image] = images.splice(from, 1);
    images.splice(to, 0, image);
    onChange(images);
  };

  return (
    <Input.Wrapper label="Images" labelProps={{ htmlFor: inputId }} error={error} errorProps={{ id: errorId }} description="The first image is the one lists show.">
      <Stack gap="sm" mt={4}>
        <Paper
          {...dropzone.getRootProps({ role: 'group', 'aria-label': 'File drop zone' })}
          withBorder
          p="lg"
          style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dropzone.isDragActive ? 'var(--mantine-color-blue-6)' : undefined, background: dropzone.isDragActive ? 'var(--mantine-color-blue-0)' : undefined }}
        >
          <input {...dropzone.getInputProps({ id: inputId, 'aria-describedby': error ? errorId : undefined })} />
          <Group justify="center" gap="md">
            <Text size="sm" c="dimmed">
              {dropzone.isDragActive ? 'Drop the files to upload them' : 'Drag images here, or'}
            </Text>
            <Button variant="default" size="xs" onClick={dropzone.open} disabled={readOnly} title={readOnly ? why : undefined}>
              Choose images…
            </Button>
            {pending > 0 && <Loader size="xs" aria-label={`Uploading ${pending} file${pending > 1 ? 's' : ''}`} />}
          </Group>
        </Paper>
        <RefusedUploads refused={refused} onDismiss={() => setRefused([])} />
        {value.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Product images">
            {value.map((image, index) => (
              <Card key={`${image.url}-${index}`} component="li" withBorder padding={6}>
                <Card.Section>
                  <Image src={image.url} alt={`Image ${index + 1}`} h={96} fit="cover" />
                </Card.Section>
                <Group gap={4} justify="space-between" mt={6} wrap="nowrap">
                  <Group gap={2} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" aria-label={`Move image ${index + 1} earlier`} disabled={readOnly || index === 0} onClick={() => move(index, index - 1)}>
                      ←
                    </Button>
                    <Button size="compact-xs" variant="subtle" aria-label={`Move image ${index + 1} later`} disabled={readOnly || index === value.length - 1} onClick={() => move(index, index + 1)}>
                      →
                    </Button>
                  </Group>
                  <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove image ${index + 1}`} disabled={readOnly} onClick={() => onChange(value.filter((_, at) => at !== index))}>
                    Remove
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
