import { Badge } from '@mantine/core';
import { formatTime } from '../../../lib/format';

interface Publishable {
  is_published: boolean;
  published_at: number | null;
}

type PublishingState = 'draft' | 'scheduled' | 'published';

/** What the storefront makes of a post or page now: the server's rule (published, and its date has come). */
export function publishingState(item: Publishable, now = Date.now() / 1000): PublishingState {
  if (!item.is_published) return 'draft';
  return item.published_at !== null && item.published_at > now ? 'scheduled' : 'published';
}

const colours: Record<PublishingState, string> = { draft: 'gray', scheduled: 'yellow', published: 'green' };
const words: Record<PublishingState, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

export function PublishingBadge({ item }: { item: Publishable }) {
  const state = publishingState(item);
  return (
    <Badge color={colours[state]} variant="light" radius="sm">
      {words[state]}
    </Badge>
  );
}

/** The date a list shows: when it went or goes live, or nothing for an undated draft. */
export function publicationDate(item: Publishable): string {
  return item.published_at === null ? '—' : formatTime(item.published_at);
}
