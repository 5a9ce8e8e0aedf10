import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useBlog, usePosts, useUpdateBlog } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { RecordFrame } from '../../../components/record-frame';
import { Section } from '../../../components/section';
import { LanguageSwitcher, TranslationEditor } from '../../../components/translation-editor';
import { WriteButton } from '../../../components/write-button';
import { languageName } from '../../../lib/locales';
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
  const update = useUpdateBlog(blogId);
  // The language edited: null for the store's own (the blog's settings), else a translation's locale.
  const [locale, setLocale] = useState<string | null>(null);

  return (
    <RecordFrame query={blog} noun="blog" back={{ to: '/blogs', label: 'Blogs' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="baseline">
            <Stack gap={2}>
              <Title order={1}>{data.title}</Title>
              <Text size="sm" c="dimmed">
                Blog · {data.id}
              </Text>
            </Stack>
            <Group gap="sm" align="flex-end">
              <LanguageSwitcher value={locale} onChange={setLocale} />
              <WriteButton action="post.create" onClick={() => void navigate({ to: '/blogs/$blogId/posts/new', params: { blogId } })}>New post</WriteButton>
            </Group>
          </Group>
          {locale && (
            <Section title={`Blog text in ${languageName(locale)}`}>
              <TranslationEditor record={data} locale={locale} action="blog.update" title="Blog" save={(change) => update.mutateAsync(change)} />
            </Section>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Posts
                </Title>
                <TitleSearch noun="posts" value={search.q} onSearch={(q) => void navigate({ search: { q }, replace: true })} />
                <ContentTable
                  query={posts}
                  noun="posts"
                  label="Posts"
                  empty={search.q ? 'No post title holds these words.' : 'No posts in this blog yet.'}
                  link={(post) => (
                    <AnchorLink to="/blogs/$blogId/posts/$postId" params={{ blogId, postId: post.id }} fw={600}>
                      {post.title}
                    </AnchorLink>
                  )}
                  onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              {!locale && <BlogSettings blog={data} />}
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordFrame>
  );
}
