import { useEffect, useState, type MouseEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

export interface GalleryPhoto {
  id: number;
  width: number;
  height: number;
  thumb: string;
  large: string;
}

/**
 * Her photos on her page: thumbnails that are links to the large photo (a plain page without
 * JavaScript, a new tab with the middle button), opened here in a dialog: ← and → go through
 * them, Escape closes it and the focus goes back to the thumbnail.
 */
export function PhotoGallery({ name, photos }: { name: string; photos: readonly GalleryPhoto[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  const count = photos.length;
  const alt = (index: number) => t("admin.detail.photos.alt", { position: index + 1, count, name });

  const show = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Another tab, a download: the browser's, as for any link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    setOpen(index);
  };

  return (
    <Section id="photos" title={t("admin.detail.photos.title")}>
      <ul className="mt-3 flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.large}
              onClick={show(index)}
              aria-label={t("admin.detail.photos.open", { position: index + 1, count })}
              className="block overflow-hidden rounded-xl ring-1 ring-ink-100 transition hover:ring-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <img
                src={photo.thumb}
                alt={alt(index)}
                width={128}
                height={128}
                loading="lazy"
                decoding="async"
                className="size-28 object-cover sm:size-32"
              />
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-ink-500">{t("admin.detail.photos.logged")}</p>
      {open !== null ? (
        <PhotoViewer
          photos={photos}
          index={open}
          alt={alt}
          onMove={setOpen}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Section>
  );
}

function PhotoViewer({
  photos,
  index,
  alt,
  onMove,
  onClose,
}: {
  photos: readonly GalleryPhoto[];
  index: number;
  alt: (index: number) => string;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const photo = photos[index]!;
  // Round and round: a button never goes dead under her focus at either end.
  const move = (step: number) => onMove((index + step + photos.length) % photos.length);
  // ← and → anywhere in the viewer (its close button has the focus first), as in any viewer.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      const step = event.key === "ArrowLeft" ? -1 : 1;
      onMove((index + step + photos.length) % photos.length);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [index, photos.length, onMove]);
  return (
    <ModalDialog
      id="photo-viewer"
      title={alt(index)}
      closeLabel={t("admin.detail.photos.close")}
      onClose={onClose}
      className="w-[min(56rem,calc(100%-2rem))]"
    >
      <div>
        <img
          src={photo.large}
          alt={alt(index)}
          width={photo.width}
          height={photo.height}
          className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain"
        />
        {photos.length > 1 ? (
          <div className="mt-4 flex items-center justify-between gap-3">
            <Button type="button" variant="secondary" onClick={() => move(-1)}>
              <Icon name="arrow-left" />
              <span className="max-sm:sr-only">{t("admin.detail.photos.previous")}</span>
            </Button>
            <span className="text-sm whitespace-nowrap text-ink-600" aria-hidden="true">
              {index + 1} / {photos.length}
            </span>
            <span className="sr-only" aria-live="polite">
              {alt(index)}
            </span>
            <Button type="button" variant="secondary" onClick={() => move(1)}>
              <span className="max-sm:sr-only">{t("admin.detail.photos.next")}</span>
              <Icon name="arrow-right" />
            </Button>
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}
