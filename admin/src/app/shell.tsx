import { Alert, AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useStore } from '../api/store';
import { NavLinkLink } from '../components/links';
import { signOut, useCurrentSession } from '../lib/session';
import { areas } from './areas';
import { FindAnything, FindAnythingButton } from './find-anything';

/** The frame of every signed-in screen: the store's name, the areas, sign-out. */
export function Shell() {
  const session = useCurrentSession();
  // Just signed out (by the button, or a refused key): the sign-in screen is on its way.
  if (!session) return null;
  return <SignedInShell readOnly={session.readOnly} />;
}

function SignedInShell({ readOnly }: { readOnly: boolean }) {
  const [opened, { toggle, close }] = useDisclosure();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const store = useStore();

  const leave = () => {
    signOut();
    queryClient.clear();
    void navigate({ to: '/sign-in' });
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={700} truncate>
              {store.data?.name ?? 'Storefront'}
            </Text>
            <Text c="dimmed" size="sm" visibleFrom="xs">
              admin
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <FindAnythingButton />
            <Button variant="default" size="xs" onClick={leave}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Areas">
        {areas.map((area) =>
          area.links ? (
            <NavLink key={area.label} label={area.label} defaultOpened={area.links.some((link) => shows(path, link.to))} childrenOffset="md">
              {area.links.map((link) => (
                <NavLinkLink key={link.to} to={link.to} label={link.label} active={shows(path, link.to)} onClick={close} />
              ))}
            </NavLink>
          ) : (
            <NavLinkLink key={area.to} to={area.to} label={area.label} active={shows(path, area.to)} onClick={close} />
          ),
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {readOnly && (
          <Alert color="gray" variant="light" mb="md" title="Read-only key">
            You can look at everything; changes need a full admin key.
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
      <FindAnything />
    </AppShell>
  );
}

/** Whether the screen at `path` belongs to the area or link at `to`. */
function shows(path: string, to: string): boolean {
  return path === to || path.startsWith(`${to}/`);
}
