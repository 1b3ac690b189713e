import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from './auth-provider';

/** Logs out (server, token, user, toast) and sends the browser to /. */
export function useLogout() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate(paths.home);
  };
}
