import { MSG_SECURITY } from '@bit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { usePublicConfig } from '../../features/auth/api/get-public-config';
import { useAuth } from '../../features/auth/components/auth-provider';
import { ApiError } from '../../lib/api-client';

const refusedForTwoFactor = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === MSG_SECURITY.twoFactorRequired;

/**
 * CONTRACT 6.5, ADMIN_2FA=required: the server refuses an admin without two-step sign-in everything
 * but setting it up, so the app sends them to set it up from whatever screen they open (the screen
 * says why), and so does any request or change refused with "Set up two-step sign-in first" (the
 * session may be older than the rule, or than a reset by `create-admin`). Loaded after the page, with
 * the server's settings (server-settings.tsx): nothing of it weighs on the entry.
 */
export function AdminTwoFactorGate() {
  const { user } = useAuth();
  const { admin2fa } = usePublicConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const mustSetUp =
    user?.role === 'admin' && !user.twoFactor && admin2fa === 'required' && pathname !== paths.twoStepSignIn;

  useEffect(() => {
    if (mustSetUp) navigate(paths.twoStepSignIn, { replace: true });
  }, [mustSetUp, navigate]);

  useEffect(() => {
    const goSetUp = (error: unknown) => {
      if (refusedForTwoFactor(error)) navigate(paths.twoStepSignIn, { replace: true });
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') goSetUp(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') goSetUp(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, navigate]);

  return null;
}
