import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import type { LocalCopy } from "./local-copy.ts";

/**
 * Words of hers this browser kept but the server never got (the connection dropped, the tab
 * closed before a save): offered back when she opens the translation again, with when each
 * version is from, until she restores or discards them.
 */
export function LocalCopyOffer({
  copy,
  savedAt,
  onRestore,
  onDiscard,
}: {
  copy: LocalCopy;
  /** When the server's version was saved (ISO). */
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="local-copy-title"
      className="mt-6 rounded-2xl bg-sand-100 p-4 ring-1 ring-sand-300 sm:p-5"
    >
      <h2 id="local-copy-title" className="flex items-center gap-2 font-semibold text-ink-950">
        <Icon name="cloud-off" className="size-5 shrink-0" />
        {t("admin.blog.localCopy.title")}
      </h2>
      <p role="alert" className="mt-1 text-sm text-ink-700">
        {t("admin.blog.localCopy.text", {
          kept: formatAgencyTime(new Date(copy.changedAt), i18n.language),
          saved: formatAgencyTime(savedAt, i18n.language),
        })}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="button" size="sm" onClick={onRestore}>
          <Icon name="rotate-ccw" /> {t("admin.blog.localCopy.restore")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
          {t("admin.blog.localCopy.discard")}
        </Button>
      </div>
    </section>
  );
}
