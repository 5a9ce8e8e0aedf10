import { Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useBlog, usePosts } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { WriteButton } from '../../../components/write-button';
import { ContentTable } from '../shared/content-table';
import { TitleSearch } from '../shared/title-search';
import { BlogSettings } from './blog-settings';

const route = getRouteApi('/_shell/blogs/$blogId');

/** A blog: its posts (newest first, drafts and scheduled ones included), and its own settings. */
export function BlogDetailPage() {
  const { blogId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const blog = useBlog(blogId);
  const posts = usePosts(blogId, search);

  const back = (
    <AnchorLink to="/blogs" size="sm">
      ← Blogs
    </AnchorLink>
  );
  if (blog.error) {
    return (
      <Stack>
        {back}
        <ProblemAlert error={blog.error} title="The blog could not be read" />
      </Stack>
    );
  }
  if (!blog.data) return <Loader aria-label="Loading the blog" />;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="baseline">
        <Stack gap={2}>
          <Title order={1}>{blog.data.title}</Title>
          <Text size="sm" c="dimmed">
            Blog · {blog.data.id}
          </Text>
        </Stack>
        <WriteButton onClick={() => void navigate({ to: '/blogs/$blogId/posts/new', params: { blogId } })}>New post</WriteButton>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Posts
            </Title>
            <TitleSearch noun="posts" value={search.q} onSearch={(q) => void navigate({ search: { q }, replace: true })} />
            {posts.error ? (
              <ProblemAlert error={posts.error} title="The posts could not be read" />
            ) : !posts.data ? (
              <Loader aria-label="Loading posts" />
            ) : (
              <>
                <ContentTable
                  label="Posts"
                  rows={posts.data.data}
                  empty={search.q ? 'No post title holds these words.' : 'No posts in this blog yet.'}
                  link={(post) => (
                    <AnchorLink to="/blogs/$blogId/posts/$postId" params={{ blogId, postId: post.id }} fw={600}>
                      {post.title}
                    </AnchorLink>
                  )}
                />
                <Pager pagination={posts.data.meta.pagination} noun="posts" onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })} />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <BlogSettings blog={blog.data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
