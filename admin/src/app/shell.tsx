import { Alert, AppShell, Burger, Button, Center, Group, Loader, Menu, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useStore } from '../api/store';
import { NavLinkLink } from '../components/links';
import { ProblemAlert } from '../components/problem-alert';
import { accessQuery, roleName, useAccess, useCan } from '../lib/access';
import { signOut, useCurrentSession, type Session } from '../lib/session';
import { readableAreas } from './areas';
import { FindAnything, FindAnythingButton } from './find-anything';

/** The frame of every signed-in screen: the store's name, the areas the role may read, the user's menu. */
export function Shell() {
  const session = useCurrentSession();
  // Just signed out (by the button, or a refused credential): the sign-in screen is on its way.
  if (!session) return null;
  return <AccessGate session={session} />;
}

/** The screens wait for what the credential may do: every control is drawn knowing it. */
function AccessGate({ session }: { session: Session }) {
  const access = useQuery(accessQuery(session.client));
  if (access.error) {
    return (
      <Center mih="100vh" p="md">
        <ProblemAlert error={access.error} title="What you may do could not be read" />
      </Center>
    );
  }
  if (!access.data) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <SignedInShell />;
}

function SignedInShell() {
  const [opened, { toggle, close }] = useDisclosure();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const access = useAccess();
  const { can } = useCan();
  const store = useStore(can('store.read') && !access.must_set_up_two_factor);

  const leave = () => {
    signOut({ onServer: true });
    queryClient.clear();
    void navigate({ to: '/sign-in' });
  };

  // The store requires two-factor sign-in and this user has none yet: nothing else answers them until they set it up.
  if (access.must_set_up_two_factor && path !== '/profile') return <Navigate to="/profile" replace />;

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
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" size="xs" aria-label={`Account: ${access.actor.name ?? 'you'}`} maw={180}>
                  <Text size="xs" truncate>
                    {access.actor.name || (access.actor.type === 'api_key' ? 'API key' : 'You')}
                  </Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{access.actor.type === 'api_key' ? `API key · ${roleName(access.role)}` : roleName(access.role)}</Menu.Label>
                {access.actor.type === 'user' && (
                  <Menu.Item onClick={() => void navigate({ to: '/profile' })}>Your profile</Menu.Item>
                )}
                <Menu.Item onClick={leave}>Sign out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      {/* Scrolls on its own: with two areas open the links outgrow a laptop's screen. */}
      <AppShell.Navbar p="xs" component="nav" aria-label="Areas" style={{ overflowY: 'auto' }}>
        {readableAreas(can).map((area) =>
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
        {access.role === 'read_only' && (
          <Alert color="gray" variant="light" mb="md" title={access.actor.type === 'api_key' ? 'Read-only key' : 'Read-only'}>
            You can look at everything; changes need another role.
          </Alert>
        )}
        {access.must_set_up_two_factor && (
          <Alert color="yellow" variant="light" mb="md" title="Set up two-factor sign-in" styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
            This store requires it of every member of staff: set it up below to use the dashboard.
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
