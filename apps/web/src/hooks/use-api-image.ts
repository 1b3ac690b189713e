import { useRef, useState } from 'react';
import { imageDataUrl } from '../lib/api-image';

/**
 * The `src` and `onError` of an `<img>` showing an image the API guards: its own address first (the
 * session cookie opens it, and the browser caches it), then, if that fails once, the same image read
 * with the stored token (see lib/api-image.ts). `direct`: whether `src` is still the image's own
 * address, which can be linked to. Give the image a `key` per address.
 */
export function useApiImage(url: string) {
  const [src, setSrc] = useState(url);
  const retried = useRef(false);

  const onError = () => {
    if (retried.current) return;
    retried.current = true;
    imageDataUrl(url).then(setSrc, () => {
      // the image cannot be read either way: its alt text stands in for it
    });
  };

  return { src, onError, direct: src === url };
}
