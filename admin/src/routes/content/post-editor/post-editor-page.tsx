import { Loader, Stack, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useBlog, useCreatePost, useDeletePost, usePost, useUpdatePost, type Post } from '../../../api/content';
import { AnchorLink } from '../../../components/links';
import { ProblemAlert } from '../../../components/problem-alert';
import { notifyDone } from '../../../lib/notify';
import { ContentForm } from '../shared/content-form';
import { SavedContentEditor } from '../shared/saved-content-editor';

const newRoute = getRouteApi('/_shell/blogs/$blogId/posts/new');
const editRoute = getRouteApi('/_shell/blogs/$blogId/posts/$postId');

function BlogLink({ blogId }: { blogId: string }) {
  const blog = useBlog(blogId);
  return (
    <AnchorLink to="/blogs/$blogId" params={{ blogId }} size="sm">
      ← {blog.data?.title ?? 'Blog'}
    </AnchorLink>
  );
}

/** A new post in the blog of the address; once created, its own editor. */
export function NewPostPage() {
  const { blogId } = newRoute.useParams();
  const navigate = useNavigate();
  const create = useCreatePost();
  return (
    <Stack gap="lg">
      <BlogLink blogId={blogId} />
      <Title order={1}>New post</Title>
      <ContentForm
        kind="post"
        saving={create.isPending}
        save={(body, { onError, onSaved }) =>
          create.mutate({ ...body, blog_id: blogId }, {
            onSuccess: (post) => {
              onSaved();
              notifyDone('Post created');
              void navigate({ to: '/blogs/$blogId/posts/$postId', params: { blogId, postId: post.id }, replace: true });
            },
            onError,
          })
        }
      />
    </Stack>
  );
}

/** One post: its body, publishing and permalink; delete asks first. */
export function PostEditorPage() {
  const { blogId, postId } = editRoute.useParams();
  const post = usePost(postId);
  return (
    <Stack gap="lg">
      <BlogLink blogId={blogId} />
      {post.error ? <ProblemAlert error={post.error} title="The post could not be read" /> : !post.data ? <Loader aria-label="Loading the post" /> : <PostEditor post={post.data} />}
    </Stack>
  );
}

function PostEditor({ post }: { post: Post }) {
  const navigate = useNavigate();
  const update = useUpdatePost(post.id);
  const remove = useDeletePost(post.id);
  const leave = () => void navigate({ to: '/blogs/$blogId', params: { blogId: post.blog_id } });
  return <SavedContentEditor kind="post" item={post} update={update} remove={remove} onDeleted={leave} />;
}
