import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { CategoryNode } from 'storefront/client';
import { useCreateCategory, useUpdateCategories } from '../../../api/categories';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { lastOrder, type Placed } from './tree';

const TOP = 'top';

/** What the dialog does: make a category under a parent (or at the top), or rename and move one. */
export type CategoryEdit = { kind: 'create'; parentId: string | null } | { kind: 'edit' | 'translate'; category: CategoryNode };

/**
 * A category's title and parent. Every category is offered as a parent, its own descendants too: the
 * server refuses a cycle, and its words appear beside the field.
 */
export function CategoryDialog({ edit, placed, roots, onClose }: { edit: Exclude<CategoryEdit, { kind: 'translate' }> | null; placed: Placed[]; roots: CategoryNode[]; onClose: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategories();
  const form = useForm({ initialValues: { title: '', parent_id: TOP } });
  const problems = useServerErrors(form, ['title', 'parent_id', 'permalink', 'order']);
  useEffect(() => {
    if (!edit) return;
    problems.clear();
    form.setValues(edit.kind === 'create' ? { title: '', parent_id: edit.parentId ?? TOP } : { title: edit.category.title, parent_id: edit.category.parent_id ?? TOP });
    form.resetDirty();
  }, [edit]);

  const parents = [
    { value: TOP, label: 'None: a top-level category' },
    ...placed.filter(({ node }) => edit?.kind !== 'edit' || node.id !== edit.category.id).map(({ node, depth }) => ({ value: node.id, label: `${'— '.repeat(depth)}${node.title}` })),
  ];
  const childrenOf = (parentId: string | null) => (parentId === null ? roots : (placed.find(({ node }) => node.id === parentId)?.node.children ?? []));

  const submit = form.onSubmit(({ title, parent_id }) => {
    if (!edit) return;
    problems.clear();
    const parentId = parent_id === TOP ? null : parent_id;
    const done = (message: string) => () => {
      notifyDone(message);
      onClose();
    };
    if (edit.kind === 'create') {
      create.mutate({ title, parent_id: parentId, order: lastOrder(childrenOf(parentId)) }, { onSuccess: done('Category created'), onError: problems.show });
      return;
    }
    const moved = parentId !== edit.category.parent_id;
    const body = { title, parent_id: parentId, ...(moved ? { order: lastOrder(childrenOf(parentId)) } : {}) };
    update.mutate([{ id: edit.category.id, body }], { onSuccess: done(moved ? 'Category moved' : 'Category saved'), onError: problems.show });
  });

  return (
    <FormDialog action={edit?.kind === 'edit' ? 'category.update' : 'category.create'} dirty={form.isDirty()} opened={edit !== null} onClose={onClose} title={edit?.kind === 'edit' ? `Edit “${edit.category.title}”` : 'New category'} onSubmit={submit} message={problems.message} submit={edit?.kind === 'edit' ? 'Save category' : 'Create category'} pending={create.isPending || update.isPending}>
      <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
      <Select label="Parent" data={parents} allowDeselect={false} searchable nothingFoundMessage="No such category" {...form.getInputProps('parent_id')} />
    </FormDialog>
  );
}
