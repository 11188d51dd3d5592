import { useState, type RefObject } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { photoSizeProblem } from "#app/features/submissions/photo-limits.ts";
import { PhotoPicker } from "#app/features/submissions/photo-picker.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * The chat's photo step, after the questions: she picks up to five photos and adds them, or
 * skips the step. The count and sizes are checked here; the server checks everything again.
 */
export function PhotoStep({
  focusRef,
  onDone,
}: {
  focusRef: RefObject<HTMLElement | null>;
  /** Her photos, or none when she skips. */
  onDone: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const found = photoSizeProblem(files);
    if (found) setProblem(`chatbot.photos.errors.${found}`);
    else onDone(files);
  };
  return (
    <div className="space-y-3">
      <PhotoPicker
        id="chat-photos"
        strings="chatbot.photos"
        label={t("chatbot.photos.choose")}
        error={problem ? t(problem) : undefined}
        inputRef={focusRef}
        onPick={(picked) => {
          setFiles(picked);
          setProblem(null);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={add} disabled={!files.length}>
          <Icon name="image-plus" />
          {t("chatbot.photos.send")}
        </Button>
        <Button variant="secondary" onClick={() => onDone([])}>
          <Icon name="skip-forward" />
          {t("chatbot.skip")}
        </Button>
      </div>
    </div>
  );
}
