import { Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useBlogs } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { TableScroll } from '../../../components/table-scroll';
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
        <WriteButton onClick={open}>New blog</WriteButton>
      </Group>
      <NewBlogDialog opened={creating} onClose={close} />
      {blogs.error ? (
        <ProblemAlert error={blogs.error} title="The blogs could not be read" />
      ) : !blogs.data ? (
        <Loader aria-label="Loading blogs" />
      ) : blogs.data.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            No blogs yet: create one to write posts in it.
          </Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder>
            <TableScroll label="Blogs" minWidth={600}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Permalink</Table.Th>
                    <Table.Th>Comments</Table.Th>
                    <Table.Th>Created</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {blogs.data.data.map((blog) => (
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
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Paper>
          <Pager pagination={blogs.data.meta.pagination} noun="blogs" onPage={(page) => void navigate({ search: { page: page > 1 ? page : undefined } })} />
        </>
      )}
    </Stack>
  );
}
