/**
 * The texts the web app's entry shows itself (a protected screen's Loading..., the logout toast, the
 * error pages), in a module of their own: a bundler keeps each module whole in one chunk, so with these
 * apart the rest of MSG loads with the screens that show it, not with every page (1.4 KB of gzip).
 * MSG names them too.
 */
export const MSG_SHELL = {
  loggedOut: 'Logged out successfully',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
  // a screen's (or a dialog's) code could not be loaded: offline, a flaky connection, or a new
  // deployment replaced the build's files (apps/web components/needs-connection.tsx)
  needsConnection: 'This screen needs a connection',
  needsConnectionWhy: 'Its code is not on this device yet. Connect to the internet and press Retry.',
  retry: 'Retry',
  // the router's page for an address that is no screen (SPEC's text stays for every other error)
  notFound: 'Page not found',
  notFoundWhy: 'There is no page at this address.',
} as const;
