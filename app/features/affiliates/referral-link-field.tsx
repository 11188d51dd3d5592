import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/field.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

const MESSAGE_MS = 5_000;

/**
 * The affiliate's referral link in a read-only field, with a Copy button once JavaScript runs
 * (without it a button would do nothing; the field can still be selected and copied by hand,
 * and focusing it selects the whole link), and a Share button where the browser can share (none
 * where it cannot: Copy does the job). What happened is announced in a live region.
 */
export function ReferralLinkField({ link }: { link: string }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  // The Web Share API where the browser has one (phones, some desktops): her apps' share sheet.
  const [canShare, setCanShare] = useState(false);
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setReady(true);
    setCanShare(typeof navigator.share === "function");
  }, []);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setOutcome("copied");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is selected instead.
      field.current?.focus();
      field.current?.select();
      setOutcome("failed");
    }
  }

  async function share() {
    try {
      await navigator.share({ url: link });
    } catch (error) {
      // She closed the share sheet: nothing to say. Anything else: the link is copied instead.
      if ((error as Error).name !== "AbortError") await copy();
    }
  }

  return (
    <div>
      <label htmlFor="referral-link" className="block text-sm font-semibold text-ink-900">
        {t("portal.link.label")}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <Input
          ref={field}
          id="referral-link"
          readOnly
          value={link}
          aria-describedby="referral-link-hint"
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-sm sm:text-base"
        />
        {ready ? (
          <Button type="button" onClick={copy} className="sm:h-auto">
            <Icon name={outcome === "copied" ? "check" : "copy"} />
            {t("portal.link.copy")}
          </Button>
        ) : null}
        {canShare ? (
          <Button type="button" variant="secondary" onClick={share} className="sm:h-auto">
            <Icon name="share-2" />
            {t("portal.link.share")}
          </Button>
        ) : null}
      </div>
      <p id="referral-link-hint" className="mt-2 text-sm text-ink-600">
        {t("portal.link.hint")}
      </p>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm font-semibold text-brand-800">
        {outcome ? t(`portal.link.${outcome}`) : ""}
      </p>
    </div>
  );
}
