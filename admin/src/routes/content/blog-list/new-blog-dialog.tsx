import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCreateBlog } from '../../../api/content';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

/** A new blog: a title and, if staff want one, its permalink; then its page, to write its first post. */
export function NewBlogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateBlog();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { title: '', permalink: '' },
    validate: { title: (title) => (title.trim() === '' ? 'A title is needed' : null) },
  });
  const problems = useServerErrors(form, ['title', 'permalink']);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ title, permalink }) => {
    problems.clear();
    create.mutate(
      { title: title.trim(), ...(permalink.trim() === '' ? {} : { permalink: permalink.trim() }) },
      {
        onSuccess: (blog) => {
          notifyDone('Blog created');
          onClose();
          void navigate({ to: '/blogs/$blogId', params: { blogId: blog.id } });
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="blog.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="New blog" onSubmit={submit} message={problems.message} submit="Create blog" pending={create.isPending}>
      <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
      <TextInput label="Permalink" description="Unique among blogs; made from the title when empty" {...form.getInputProps('permalink')} />
    </FormDialog>
  );
}
