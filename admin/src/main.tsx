import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { router } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { provideRandomUUID } from './lib/random-uuid';
import { currentSession, signOut } from './lib/session';

provideRandomUUID();

const queryClient = createQueryClient(
  () => {
    // A credential tried on the sign-in screen is refused there, beside the field.
    if (!currentSession()) return;
    signOut();
    queryClient.clear();
    void router.navigate({ to: '/sign-in', search: { reason: 'refused' } });
  },
  () => void queryClient.invalidateQueries({ queryKey: ['access'] }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Two at most: a burst of changes must not bury the screen under its toasts. */}
          <Notifications position="bottom-right" limit={2} />
          <RouterProvider router={router} context={{ queryClient }} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
