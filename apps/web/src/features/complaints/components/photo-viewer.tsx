import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useApiImage } from '../../../hooks/use-api-image';
import type { TPhoto } from './timeline';

const THUMB_MAX = 320;

/** The thumbnail's own size (the server makes it at most 320 px on its longer side), against layout shift. */
function thumbSize({ width, height }: { width: number; height: number }) {
  const scale = Math.min(1, THUMB_MAX / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function Thumb({ photo, alt, onOpen }: { photo: TPhoto; alt: string; onOpen: () => void }) {
  const image = useApiImage(photo.attachment.thumbUrl);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100 hover:border-brand-600"
    >
      <img
        src={image.src}
        onError={image.onError}
        alt={alt}
        {...thumbSize(photo.attachment)}
        loading="lazy"
        className="size-24 object-cover"
      />
    </button>
  );
}

/** The photo in the dialog, whose title is its alt text. */
function FullPhoto({ photo, alt, onClose }: { photo: TPhoto; alt: string; onClose: () => void }) {
  const image = useApiImage(photo.attachment.url);
  return (
    <>
      <img
        src={image.src}
        onError={image.onError}
        alt={alt}
        width={photo.attachment.width}
        height={photo.attachment.height}
        className="mt-3 max-h-[70vh] w-full rounded-lg bg-slate-100 object-contain"
      />
      <div className="mt-3 flex flex-wrap justify-end gap-3">
        {/* a browser will not open a data: URL as a page: the link is only for the photo's own address */}
        {image.direct && (
          <a
            href={photo.attachment.url}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Open full size
          </a>
        )}
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      </div>
    </>
  );
}

/**
 * A row of thumbnails; a tap opens the photo itself in a light dialog (components/ui/modal.tsx keeps
 * focus in it, closes it on Escape and gives focus back to the thumbnail), with a link to open it full
 * size.
 */
export function PhotoThumbs({ photos, alt }: { photos: TPhoto[]; alt: (photo: TPhoto) => string }) {
  const [shown, setShown] = useState<TPhoto | null>(null);
  return (
    <>
      <div className="mt-2 flex flex-wrap gap-2">
        {photos.map((photo) => (
          <Thumb key={photo.attachment.id} photo={photo} alt={alt(photo)} onOpen={() => setShown(photo)} />
        ))}
      </div>
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? alt(shown) : ''}
        panelClassName="max-w-3xl p-4"
        backdropClassName="backdrop:bg-slate-900/70"
        titleClassName="text-sm font-semibold break-words text-brand-900"
      >
        {shown && (
          <FullPhoto
            key={shown.attachment.id}
            photo={shown}
            alt={alt(shown)}
            onClose={() => setShown(null)}
          />
        )}
      </Modal>
    </>
  );
}
