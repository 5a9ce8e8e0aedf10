import { createLazyRoute } from '@tanstack/react-router';
import { ChannelsPage } from './channels-page';

export const Route = createLazyRoute('/_shell/settings/channels')({ component: ChannelsPage });
