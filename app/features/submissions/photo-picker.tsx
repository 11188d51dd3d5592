import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { FieldError, Label } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { MAX_PHOTOS, PHOTO_ACCEPT, PHOTOS_FIELD } from "./photo-limits.ts";

interface Picked {
  file: File;
  /** A small picture of it (a data URL), or null while it is made or when it is no picture. */
  preview: string | null;
}

/**
 * A preview of a picked file, drawn small in her browser: a data URL of a few KB whatever the
 * photo's size (the page's policy loads pictures from the site and data URLs only). Null for a
 * file the browser cannot read as a picture (the server says why).
 */
async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 160 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.8);
  } catch {
    return null;
  }
}

/**
 * Her photos for an application: a plain `<input type=file multiple>` that a form without
 * JavaScript sends as it is; with JavaScript, a small preview of each picked photo and a button
 * to take one out before sending (the input's own list is rewritten, so the form sends what she
 * sees). `strings`: the screen's own (preselection.photos, chatbot.photos).
 */
export function PhotoPicker({
  id,
  strings,
  label,
  error,
  note,
  className,
  onPick,
  inputRef,
}: {
  id: string;
  strings: "preselection.photos" | "chatbot.photos";
  label: string;
  error?: string;
  /** Said below the hint (that a form back from the server lost its files). */
  note?: string;
  className?: string;
  /** Told the files she now has picked (the chatbot keeps them for its summary). */
  onPick?: (files: File[]) => void;
  /** Given the file input too (the chatbot puts her focus there). */
  inputRef?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked[]>([]);

  // A form sent and emptied (form.reset()) empties the previews too.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setPicked([]);
    form.addEventListener("reset", clear);
    return () => form.removeEventListener("reset", clear);
  }, []);

  const show = (files: File[]) => {
    setPicked(files.map((file) => ({ file, preview: null })));
    onPick?.(files);
    void Promise.all(files.map(previewOf)).then((previews) =>
      // Unless she picked others meanwhile.
      setPicked((now) =>
        now.length === files.length && now.every((photo, i) => photo.file === files[i])
          ? files.map((file, i) => ({ file, preview: previews[i] ?? null }))
          : now,
      ),
    );
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => show([...(event.target.files ?? [])]);

  const remove = (index: number) => {
    const list = new DataTransfer();
    picked.forEach((photo, i) => i !== index && list.items.add(photo.file));
    if (!input.current) return;
    input.current.files = list.files;
    // As if she had picked these: the picker and the form's own checks hear of it.
    input.current.dispatchEvent(new Event("change", { bubbles: true }));
    // Her focus stays in the list: on the next photo's button, or back on the picker.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLElement>(`[data-photo-remove="${id}"]`);
      (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
    });
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={(element) => {
          input.current = element;
          if (inputRef) inputRef.current = element;
        }}
        id={id}
        name={PHOTOS_FIELD}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-xl text-sm text-ink-700 file:me-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-800 file:ring-1 file:ring-brand-200 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-invalid:file:ring-coral-600"
      />
      <p id={`${id}-hint`} className="text-sm text-ink-500">
        {t(`${strings}.hint`)}
      </p>
      {note && !picked.length ? <p className="text-sm font-medium text-ink-700">{note}</p> : null}
      {picked.length ? (
        <>
          <p className="text-sm text-ink-700" aria-live="polite">
            {t(`${strings}.chosen`, { count: picked.length, max: MAX_PHOTOS })}
          </p>
          <ul className="flex flex-wrap gap-3">
            {picked.map((photo, index) => (
              <li key={`${index}-${photo.file.name}`} className="relative">
                {photo.preview ? (
                  <img
                    src={photo.preview}
                    alt=""
                    data-photo-preview
                    className="size-20 rounded-xl object-cover ring-1 ring-ink-100"
                  />
                ) : (
                  <span className="grid size-20 place-items-center rounded-xl bg-sand-100 text-ink-500 ring-1 ring-ink-100">
                    <Icon name="image-plus" className="size-6" />
                  </span>
                )}
                <button
                  type="button"
                  data-photo-remove={id}
                  onClick={() => remove(index)}
                  aria-label={t(`${strings}.remove`, { name: photo.file.name })}
                  className="absolute -end-2 -top-2 grid size-7 place-items-center rounded-full bg-white text-ink-700 shadow ring-1 ring-ink-200 hover:text-coral-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <Icon name="x" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
