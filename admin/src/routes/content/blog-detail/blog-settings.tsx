import { Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useDeleteBlog, useUpdateBlog, type Blog } from '../../../api/content';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { ConfirmDelete } from '../shared/confirm-delete';

const valuesOf = (blog: Blog) => ({
  title: blog.title,
  permalink: blog.permalink,
  meta_title: blog.meta_title ?? '',
  meta_description: blog.meta_description ?? '',
  is_commentable: blog.is_commentable,
});

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The blog's own fields; deleting it asks first, and the server refuses while it has posts. */
export function BlogSettings({ blog }: { blog: Blog }) {
  const readOnly = !useCan().can('blog.update');
  const navigate = useNavigate();
  const update = useUpdateBlog(blog.id);
  const remove = useDeleteBlog(blog.id);
  const form = useForm({
    initialValues: valuesOf(blog),
    validate: { title: (title) => (title.trim() === '' ? 'A title is needed' : null) },
  });
  const problems = useServerErrors(form, ['title', 'permalink', 'meta_title', 'meta_description', 'is_commentable']);
  useEffect(() => {
    form.setValues(valuesOf(blog));
    form.resetDirty(valuesOf(blog));
  }, [blog.updated_at]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    update.mutate(
      {
        title: values.title.trim(),
        meta_title: orNull(values.meta_title),
        meta_description: orNull(values.meta_description),
        is_commentable: values.is_commentable,
        ...(values.permalink !== blog.permalink ? { permalink: values.permalink.trim() } : {}),
      },
      { onSuccess: () => notifyDone('Blog saved'), onError: problems.show },
    );
  });

  return (
    <Section title="Blog settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required readOnly={readOnly} {...form.getInputProps('title')} />
          <TextInput label="Permalink" description="Unique among blogs" readOnly={readOnly} {...form.getInputProps('permalink')} />
          <TextInput label="Meta title" readOnly={readOnly} {...form.getInputProps('meta_title')} />
          <Textarea label="Meta description" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('meta_description')} />
          <Checkbox label="Readers may comment" disabled={readOnly} {...form.getInputProps('is_commentable', { type: 'checkbox' })} />
          <FormAlert message={problems.message} />
          <LeaveGuard when={form.isDirty() && !update.isPending} />
          <Group justify="space-between" mt="xs">
            <ConfirmDelete
              action="blog.delete"
              noun="blog"
              name={blog.title}
              consequence="A blog that still has posts is kept: delete its posts first."
              pending={remove.isPending}
              error={remove.error}
              onOpen={remove.reset}
              onDelete={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notifyDone('Blog deleted');
                    void navigate({ to: '/blogs' });
                  },
                })
              }
            />
            <WriteButton action="blog.update" type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save blog
            </WriteButton>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
