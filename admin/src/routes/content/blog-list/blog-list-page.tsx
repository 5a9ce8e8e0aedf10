import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useBlogs } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { NewBlogDialog } from './new-blog-dialog';

const route = getRouteApi('/_shell/blogs');

/** The shop's blogs in creation order, paged by the server; each opens on its posts. */
export function BlogListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const blogs = useBlogs(search.page ?? 1);
  const [creating, { open, close }] = useDisclosure();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm">
          <Title order={1}>Blogs</Title>
          {blogs.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="blog.create" onClick={open}>New blog</WriteButton>
      </Group>
      <NewBlogDialog opened={creating} onClose={close} />
      <ListPanel
        query={blogs}
        noun="blogs"
        label="Blogs"
        minWidth={600}
        empty="No blogs yet: create one to write posts in it."
        columns={
          <>
            <Table.Th>Title</Table.Th>
            <Table.Th>Permalink</Table.Th>
            <Table.Th>Comments</Table.Th>
            <Table.Th>Created</Table.Th>
          </>
        }
        row={(blog) => (
          <Table.Tr key={blog.id}>
            <Table.Td>
              <AnchorLink to="/blogs/$blogId" params={{ blogId: blog.id }} fw={600}>
                {blog.title}
              </AnchorLink>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {blog.permalink}
              </Text>
            </Table.Td>
            <Table.Td>{blog.is_commentable ? 'Open' : 'Closed'}</Table.Td>
            <Table.Td>{formatTime(blog.created_at)}</Table.Td>
          </Table.Tr>
        )}
        onPage={(page) => void navigate({ search: { page: page > 1 ? page : undefined } })}
      />
    </Stack>
  );
}
