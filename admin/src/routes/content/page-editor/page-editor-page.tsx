import { Loader, Stack, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCreatePage, useDeletePage, usePage, useUpdatePage, type Page } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { ProblemAlert } from '../../../components/problem-alert';
import { notifyDone } from '../../../lib/notify';
import { ContentForm } from '../shared/content-form';
import { SavedContentEditor } from '../shared/saved-content-editor';

const editRoute = getRouteApi('/_shell/pages/$pageId');

function PagesLink() {
  return (
    <AnchorLink to="/pages" size="sm">
      ← Pages
    </AnchorLink>
  );
}

/** A new page; once created, its own editor. */
export function NewPagePage() {
  const navigate = useNavigate();
  const create = useCreatePage();
  return (
    <Stack gap="lg">
      <PagesLink />
      <Title order={1}>New page</Title>
      <ContentForm
        kind="page"
        saving={create.isPending}
        save={(body, { onError, onSaved }) =>
          create.mutate(body, {
            onSuccess: (page) => {
              onSaved();
              notifyDone('Page created');
              void navigate({ to: '/pages/$pageId', params: { pageId: page.id }, replace: true });
            },
            onError,
          })
        }
      />
    </Stack>
  );
}

/** One page: its body, publishing and permalink; delete asks first. */
export function PageEditorPage() {
  const { pageId } = editRoute.useParams();
  const page = usePage(pageId);
  return (
    <Stack gap="lg">
      <PagesLink />
      {page.error ? <ProblemAlert error={page.error} title="The page could not be read" /> : !page.data ? <Loader aria-label="Loading the page" /> : <PageEditor page={page.data} />}
    </Stack>
  );
}

function PageEditor({ page }: { page: Page }) {
  const navigate = useNavigate();
  const update = useUpdatePage(page.id);
  const remove = useDeletePage(page.id);
  return <SavedContentEditor kind="page" item={page} update={update} remove={remove} onDeleted={() => void navigate({ to: '/pages' })} />;
}
