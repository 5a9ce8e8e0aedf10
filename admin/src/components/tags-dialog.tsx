import { TagsInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from './form-dialog';

/**
 * Asks for the tags a bulk action adds or removes: `title` says which (`Add tags to 3 products`),
 * `submit` its button. Nothing is sent without a tag.
 */
export function TagsDialog({ action, opened, onClose, title, submit, pending, onSubmit, description }: {
  /** What the tags change (`product.update`). */
  action: string;
  opened: boolean;
  onClose: () => void;
  title: string;
  submit: string;
  pending: boolean;
  onSubmit: (tags: string[]) => void;
  description: string;
}) {
  const [tags, setTags] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setTags([]);
    setMessage(null);
  }, [opened]);
  return (
    <FormDialog
      action={action}
      opened={opened}
      onClose={onClose}
      title={title}
      message={message}
      submit={submit}
      pending={pending}
      onSubmit={(event) => {
        event.preventDefault();
        const titles = tags.map((tag) => tag.trim()).filter((tag) => tag !== '');
        if (titles.length === 0) {
          setMessage('Type at least one tag, then Enter.');
          return;
        }
        onSubmit(titles);
      }}
    >
      <Text size="sm">{description}</Text>
      <TagsInput label="Tags" placeholder="Type a tag, then Enter" value={tags} onChange={setTags} data-autofocus acceptValueOnBlur splitChars={[',']} />
    </FormDialog>
  );
}
