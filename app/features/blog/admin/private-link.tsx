import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Input } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";

/**
 * The private preview link: made by the editor's form (it saves what is on screen first), then
 * shown whole, as the address to send, with Copy and, where the device can share, Share. The
 * token is shown once (only its hash is kept), so the address is here until she leaves the page.
 */
export function PrivateLink({
  url,
  expiresAt,
  busy,
}: {
  /** The full address of a link just made, or undefined. */
  url?: string;
  /** Until when the latest link works, or null when none does. */
  expiresAt: string | null;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<"" | "copied" | "selected">("");
  const [canShare, setCanShare] = useState(false);
  // Known only in the browser: the server renders the page without the button.
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => setSaid(""), [url]);

  const select = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setSaid("copied");
    } catch {
      // No clipboard (an insecure origin, a refused permission): selected for her to copy.
      select();
      setSaid("selected");
    }
  };
  const share = async () => {
    if (!url) return;
    try {
      await navigator.share({ title: t("admin.blog.privateLink.shareTitle"), url });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  };

  return (
    <div className="space-y-3">
      <Button
        type="submit"
        name="intent"
        value="preview-link"
        variant="ghost"
        size="sm"
        disabled={busy}
      >
        <Icon name="link" /> {t("admin.blog.previewLink")}
      </Button>
      {url ? (
        <div className="space-y-2 rounded-2xl bg-sand-50 p-3 ring-1 ring-sand-200">
          <label htmlFor="private-link" className="block font-semibold text-ink-900">
            {t("admin.blog.privateLink.label")}
          </label>
          <p id="private-link-hint" className="text-ink-600">
            {t("admin.blog.previewLinkReady")}
          </p>
          <Input
            ref={field}
            id="private-link"
            readOnly
            value={url}
            aria-describedby="private-link-hint"
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
            spellCheck={false}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={() => void copy()}>
              <Icon name={said === "copied" ? "check" : "copy"} />{" "}
              {t("admin.blog.privateLink.copy")}
            </Button>
            {canShare ? (
              <Button type="button" size="sm" variant="secondary" onClick={() => void share()}>
                <Icon name="share-2" /> {t("admin.blog.privateLink.share")}
              </Button>
            ) : null}
          </div>
          <p role="status" className="min-h-5 font-medium text-brand-800">
            {said ? t(`admin.blog.privateLink.${said}`) : ""}
          </p>
        </div>
      ) : null}
      {expiresAt ? (
        <p className="text-ink-700">
          {t("admin.blog.previewLinkExpires", {
            when: formatAgencyTime(expiresAt, i18n.language),
          })}
        </p>
      ) : null}
    </div>
  );
}
