import { useSignedInUser } from '../../features/auth/components/auth-provider';
import { SavedReplies } from '../../features/replies/components/saved-replies';

/** CONTRACT 7.5: an authority's own replies (the shared ones read only), an admin's shared ones. */
export function Component() {
  const user = useSignedInUser();
  return <SavedReplies list={user.role === 'admin' ? 'admin' : 'me'} />;
}
