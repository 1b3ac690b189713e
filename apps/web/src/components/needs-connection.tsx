import { MSG_SHELL } from '@bit/contract';
import { useEffect, useRef, useState } from 'react';
import { reloadIfOnline } from '../lib/chunk-errors';
import { Button } from './ui/button';

/**
 * What a screen whose code could not be loaded shows (issue 33: never the router's crash page):
 * "This screen needs a connection" and Retry. Retry runs `retry` (the import again); should that fail
 * while the server answers, the code is gone with a new deployment and the page is loaded again. The
 * connection coming back tries once by itself.
 */
export function NeedsConnection({ retry }: { retry: () => Promise<unknown> }) {
  const [trying, setTrying] = useState(false);
  const latest = useRef(retry);
  latest.current = retry;
  const again = useRef(() => {
    setTrying(true);
    latest
      .current()
      .catch(reloadIfOnline)
      .finally(() => setTrying(false));
  }).current;
  useEffect(() => {
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [again]);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{MSG_SHELL.needsConnection}</h1>
      <p className="mt-3 text-slate-700">{MSG_SHELL.needsConnectionWhy}</p>
      <Button className="mt-6" onClick={again} disabled={trying}>
        {MSG_SHELL.retry}
      </Button>
    </section>
  );
}
