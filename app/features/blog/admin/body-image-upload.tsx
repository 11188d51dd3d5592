import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useFetcher } from "react-router";
import type { Editor } from "@tiptap/react";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import { ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { UploadResult } from "#app/features/images/images.server.ts";
import { MAX_IMAGE_BYTES, mediaSrc } from "#app/features/images/media.ts";
import { MAX_IMAGE_ALT } from "#app/features/blog/body.ts";
import type { BodyImageAttrs } from "./body-image-node.tsx";
import { StopBubbling } from "./stop-bubbling.tsx";

/** What the upload route takes (it checks the content itself: this only spares a useless send). */
export const ACCEPTED_IMAGES = ["image/jpeg", "image/png", "image/webp"];

/**
 * A body image's upload through the covers' route (/admin/images: checked by its content,
 * re-encoded, stored); once stored, the image is put where she asked and `onStored` is given
 * its position, to ask for its description. One upload at a time.
 */
export function useBodyImageUpload(editor: Editor | null, onStored: (position: number) => void) {
  const uploader = useFetcher<UploadResult>({ key: `body-image-${useId()}` });
  const at = useRef<number>(0);
  const handled = useRef<UploadResult | undefined>(undefined);
  const [problem, setProblem] = useState<string>();
  const busy = uploader.state !== "idle";

  const upload = (file: File, position: number) => {
    if (!ACCEPTED_IMAGES.includes(file.type)) {
      setProblem("admin.blog.bodyEditor.image.wrongType");
      return;
    }
    // A file over the limit is refused here: sent, it would be cut off before the route answers.
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem("admin.images.errors.tooLarge");
      return;
    }
    if (busy) {
      setProblem("admin.blog.bodyEditor.image.oneAtATime");
      return;
    }
    setProblem(undefined);
    at.current = position;
    const data = new FormData();
    data.set("image", file);
    void uploader.submit(data, {
      method: "post",
      action: "/admin/images",
      encType: "multipart/form-data",
    });
  };

  const answer = uploader.state === "idle" ? uploader.data : undefined;
  useEffect(() => {
    if (!editor || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      setProblem(answer.error);
      return;
    }
    const { image } = answer;
    const attrs: BodyImageAttrs = { ...image, alt: "" };
    // Where she asked, unless the text has since become shorter than that.
    const position = Math.min(at.current, editor.state.doc.content.size);
    editor.chain().focus().insertContentAt(position, { type: "image", attrs }).run();
    let placed: number | null = null;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === "image" && node.attrs.id === image.id && !node.attrs.alt) {
        placed = pos;
      }
    });
    if (placed !== null) onStored(placed);
  }, [answer, editor, onStored]);

  return { upload, busy, problem, clearProblem: () => setProblem(undefined) };
}

/**
 * The description of a body image, asked for once it is stored and whenever she clicks it.
 * Required to publish, not to keep writing: "Later" leaves it marked in the editor.
 */
export function ImageAltDialog({
  image,
  onSave,
  onClose,
}: {
  image: BodyImageAttrs;
  onSave: (alt: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState(image.alt);
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  return createPortal(
    <ModalDialog
      id="body-image-alt"
      title={t("admin.blog.bodyEditor.image.altTitle")}
      description={t("admin.blog.bodyEditor.image.altDescription")}
      closeLabel={t("admin.blog.bodyEditor.cancel")}
      onClose={onClose}
      initialFocus={field}
    >
      <StopBubbling>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            const value = alt.replace(/\s+/g, " ").trim();
            if (!value) return setError(t("admin.blog.bodyEditor.image.altRequired"));
            onSave(value);
          }}
        >
          {image.id && image.hash && image.width ? (
            <img
              src={mediaSrc({ id: image.id, hash: image.hash }, Math.min(image.width, 480), "webp")}
              alt=""
              className="max-h-48 w-auto rounded-xl ring-1 ring-ink-200"
            />
          ) : null}
          <Field
            id="body-image-alt-text"
            label={t("admin.blog.bodyEditor.image.altLabel")}
            hint={t("admin.blog.bodyEditor.image.altHint", { max: MAX_IMAGE_ALT })}
            error={error}
          >
            {(aria) => (
              <Textarea
                {...aria}
                ref={field}
                rows={3}
                maxLength={MAX_IMAGE_ALT}
                value={alt}
                onChange={(event) => {
                  setError(undefined);
                  setAlt(event.target.value);
                }}
                onKeyDown={(event) => {
                  // Enter saves (a description is one line); Shift+Enter is not needed.
                  if (event.key === "Enter" && !event.shiftKey) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              {t("admin.blog.bodyEditor.image.saveAlt")}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onClose}>
              {t("admin.blog.bodyEditor.image.later")}
            </Button>
          </div>
        </form>
      </StopBubbling>
    </ModalDialog>,
    document.body,
  );
}
