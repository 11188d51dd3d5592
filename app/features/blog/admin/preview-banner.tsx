import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/** Says what a preview is, above it: not public yet, and the way back to the editor. */
export function PreviewBanner({ back }: { back?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 bg-sand-100 px-4 py-3 text-sm text-ink-900 sm:rounded-t-3xl"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="eye" className="size-4" /> {t("admin.blog.previewNotice")}
      </p>
      {back ? (
        <Link
          to={back}
          className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
        >
          <Icon name="arrow-left" className="size-4" /> {t("admin.blog.backToEditor")}
        </Link>
      ) : null}
    </div>
  );
}
