/**
 * The texts the web app's entry shows itself (a protected screen's Loading..., the logout toast, the
 * error page), in a module of their own: a bundler keeps each module whole in one chunk, so with these
 * apart the rest of MSG loads with the screens that show it, not with every page (1.4 KB of gzip).
 * MSG names them too.
 */
export const MSG_SHELL = {
  loggedOut: 'Logged out successfully',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
} as const;
