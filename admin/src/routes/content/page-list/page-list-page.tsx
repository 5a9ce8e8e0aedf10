import { Group, Loader, Stack, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { usePages } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { WriteButton } from '../../../components/write-button';
import { ContentTable } from '../shared/content-table';
import { TitleSearch } from '../shared/title-search';

const route = getRouteApi('/_shell/pages');

/** The shop's pages (about, shipping, terms…), newest first, paged by the server. */
export function PageListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const pages = usePages(search);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm">
          <Title order={1}>Pages</Title>
          {pages.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="page.create" onClick={() => void navigate({ to: '/pages/new' })}>New page</WriteButton>
      </Group>
      <TitleSearch noun="pages" value={search.q} onSearch={(q) => void navigate({ search: { q }, replace: true })} />
      <ContentTable
        query={pages}
        noun="pages"
        label="Pages"
        empty={search.q ? 'No page title holds these words.' : 'No pages yet: an about page, shipping and returns, terms…'}
        link={(page) => (
          <AnchorLink to="/pages/$pageId" params={{ pageId: page.id }} fw={600}>
            {page.title}
          </AnchorLink>
        )}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}
