import { Button, FileButton, Group, Image, Stack, TextInput } from '@mantine/core';
import { useUploadFile } from '../../../api/products';
import { problemOf } from '../../../lib/problems';
import { useCan } from '../../../lib/access';

/**
 * A post's image: uploaded as a file (`POST /v1/files`), or an address typed in; shown as the shop
 * will show it. The server's refusal of an upload (too big, not an image) is the field's error.
 */
export function CoverImageField({ value, onChange, error, onError }: { value: string; onChange: (url: string) => void; error?: React.ReactNode; onError: (message: string | null) => void }) {
  const readOnly = !useCan().can('file.create');
  const upload = useUploadFile();
  const pick = async (file: File | null) => {
    if (!file) return;
    onError(null);
    try {
      onChange((await upload.mutateAsync(file)).url);
    } catch (failure) {
      const problem = problemOf(failure);
      onError(`${file.name}: ${problem.detail ?? problem.title}`);
    }
  };
  return (
    <Stack gap="xs">
      {value !== '' && <Image src={value} alt="The post's image" radius="sm" mah={180} fit="contain" />}
      <Group gap="xs">
        <FileButton onChange={pick} accept="image/*" disabled={readOnly}>
          {(props) => (
            <Button {...props} size="xs" variant="default" loading={upload.isPending} disabled={readOnly}>
              {value === '' ? 'Upload an image' : 'Replace the image'}
            </Button>
          )}
        </FileButton>
        {value !== '' && !readOnly && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange('')}>
            Remove the image
          </Button>
        )}
      </Group>
      <TextInput label="Image URL" description="Uploaded, or any http or https address" readOnly={readOnly} value={value} error={error} onChange={(event) => onChange(event.currentTarget.value)} />
    </Stack>
  );
}
