import { notificationKinds, notificationStatuses, type NotificationKind, type NotificationStatus } from '../../../api/notifications';
import { pageOf } from '../search';

/** The log's filters as they stand in the address bar, so a filtered log can be linked and reloaded. */
export interface NotificationListSearch {
  kind?: NotificationKind;
  status?: NotificationStatus;
  page?: number;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateNotificationSearch(search: Record<string, unknown>): NotificationListSearch {
  return {
    kind: notificationKinds.includes(search.kind as never) ? (search.kind as NotificationKind) : undefined,
    status: notificationStatuses.includes(search.status as never) ? (search.status as NotificationStatus) : undefined,
    page: pageOf(search),
  };
}
