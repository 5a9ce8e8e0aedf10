import { ActionIcon, Box, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { CategoryNode } from 'storefront/client';
import { useCategoryTree, useDeleteCategory, useUpdateCategories } from '../../../api/categories';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useStoreLocales } from '../../../lib/locales';
import { CategoryDialog, type CategoryEdit } from './category-dialog';
import { CategoryTranslationDialog } from './category-translation-dialog';
import { flatten, reorder, type Placed } from './tree';

const route = getRouteApi('/_shell/categories');

/** The categories as a tree of nested lists: each level in its order, with its moves beside each. */
export function CategoryTreePage() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const tree = useCategoryTree(page ?? 1);
  const [edit, setEdit] = useState<CategoryEdit | null>(null);
  const roots = tree.data?.data ?? [];
  const placed = flatten(roots);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm">
          <Title order={1}>Categories</Title>
          {tree.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="category.create" onClick={() => setEdit({ kind: 'create', parentId: null })}>New category</WriteButton>
      </Group>
      {tree.error ? (
        <ProblemAlert error={tree.error} title="The categories could not be read" />
      ) : !tree.data ? (
        <Loader aria-label="Loading categories" />
      ) : roots.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            No categories yet: make the first with New category.
          </Text>
        </Paper>
      ) : (
        <Paper withBorder p="md">
          <Level nodes={roots} placed={placed} onEdit={setEdit} label="Categories" />
        </Paper>
      )}
      {tree.data && roots.length > 0 && (
        <Pager pagination={tree.data.meta.pagination} noun="top-level categories" onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })} />
      )}
      <CategoryDialog edit={edit?.kind === 'translate' ? null : edit} placed={placed} roots={roots} onClose={() => setEdit(null)} />
      <CategoryTranslationDialog category={edit?.kind === 'translate' ? edit.category : null} onClose={() => setEdit(null)} />
    </Stack>
  );
}

function Level({ nodes, placed, onEdit, label }: { nodes: CategoryNode[]; placed: Placed[]; onEdit: (edit: CategoryEdit) => void; label: string }) {
  return (
    <Box component="ul" aria-label={label} m={0} pl={0} style={{ listStyle: 'none' }}>
      {nodes.map((node, index) => (
        <Box component="li" key={node.id}>
          <CategoryRow node={node} index={index} siblings={nodes} placed={placed} onEdit={onEdit} />
          {node.children.length > 0 && (
            <Box pl="xl" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }} ml="sm">
              <Level nodes={node.children} placed={placed} onEdit={onEdit} label={`Subcategories of ${node.title}`} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function CategoryRow({ node, index, siblings, placed, onEdit }: { node: CategoryNode; index: number; siblings: CategoryNode[]; placed: Placed[]; onEdit: (edit: CategoryEdit) => void }) {
  const readOnly = !useCan().can('category.update');
  const translatable = useStoreLocales().translated.length > 0;
  const update = useUpdateCategories();
  const remove = useDeleteCategory();
  const move = (to: number) =>
    update.mutate(reorder(siblings, index, to), {
      onSuccess: () => notifyDone(`Moved ${node.title} ${to < index ? 'up' : 'down'}`),
      onError: (error) => notifyProblem('The category was not moved', error),
    });
  const parent = placed.find(({ node: candidate }) => candidate.id === node.parent_id)?.node;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete the category?',
      children: (
        <Text size="sm">
          “{node.title}” goes for good; this cannot be undone. Its products stay in the catalogue and lose only this category.
          {node.children.length > 0 && ` Its ${node.children.length} ${node.children.length === 1 ? 'subcategory moves' : 'subcategories move'} up to ${parent ? `“${parent.title}”` : 'the top level'}.`}
        </Text>
      ),
      labels: { confirm: 'Delete category', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(node.id, { onSuccess: () => notifyDone('Category deleted'), onError: (error) => notifyProblem('The category was not deleted', error) }),
    });

  return (
    <Group justify="space-between" wrap="nowrap" py={6} gap="sm">
      <Box miw={0}>
        <Text fw={500} truncate>
          {node.title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          /{node.permalink}
        </Text>
      </Box>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" aria-label={`Move ${node.title} up`} title="Move up" disabled={readOnly || index === 0 || update.isPending} onClick={() => move(index - 1)}>
          ↑
        </ActionIcon>
        <ActionIcon variant="default" aria-label={`Move ${node.title} down`} title="Move down" disabled={readOnly || index === siblings.length - 1 || update.isPending} onClick={() => move(index + 1)}>
          ↓
        </ActionIcon>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" aria-label={`Actions for ${node.title}`} title="Actions" disabled={readOnly}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onEdit({ kind: 'edit', category: node })}>Rename or move</Menu.Item>
            <Menu.Item onClick={() => onEdit({ kind: 'create', parentId: node.id })}>Add a subcategory</Menu.Item>
            {translatable && <Menu.Item onClick={() => onEdit({ kind: 'translate', category: node })}>Translate</Menu.Item>}
            <Menu.Item color="red" onClick={confirmDelete}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
