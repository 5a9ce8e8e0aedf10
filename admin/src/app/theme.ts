import { Badge, createTheme, Loader, Modal, Notification, Title, type CSSVariablesResolver } from '@mantine/core';

/**
 * Mantine's look, made to pass WCAG AA contrast (checked by axe in the browser tests): the primary
 * colour one shade darker so white text on it reads, dimmed text a darker grey, errors a darker red,
 * and badges with dark text on their tint. Close buttons are named for screen readers, and a loader is a
 * status, the role that may carry the label naming what loads (on a bare span the label is not allowed).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'sm',
  respectReducedMotion: true,
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    Badge: Badge.extend({ styles: { label: { color: 'var(--mantine-color-dark-7)' } } }),
    // A long code, email or name in a heading wraps rather than pushing a phone's page sideways.
    Title: Title.extend({ styles: { root: { overflowWrap: 'anywhere' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7], '--mantine-color-error': resolved.colors.red[9] },
  dark: {},
});
