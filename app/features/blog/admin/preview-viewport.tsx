import { useEffect, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";

type Width = "desktop" | "phone";

/** Remembered for the rest of her session: the next preview opens at the width she chose. */
const STORAGE_KEY = "blog-preview-width";

/** The width of a phone the preview shows the page at, in CSS pixels (an iPhone's 390). */
export const PHONE_WIDTH = 390;

function storedWidth(): Width {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === "phone" ? "phone" : "desktop";
  } catch {
    return "desktop"; // storage refused (a privacy setting): the default width
  }
}

/**
 * The page as visitors will see it, in a frame at a phone's width or the full width, chosen
 * with two toggle buttons. A frame, not the page itself at a width: the page's layout follows
 * the width of its window, which only a frame of that width gives it.
 */
export function PreviewViewport({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<Width>("desktop");
  useEffect(() => setWidth(storedWidth()), []);
  const choose = (next: Width) => {
    setWidth(next);
    try {
      sessionStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the preview still changes.
    }
  };
  const toggle = (value: Width, icon: "smartphone" | "monitor") => (
    <button
      type="button"
      aria-pressed={width === value}
      onClick={() => choose(value)}
      className={cn(
        "inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
        width === value ? "bg-brand-800 text-white" : "text-ink-700 hover:bg-ink-100",
      )}
    >
      <Icon name={icon} className="size-4" /> {t(`admin.blog.previewFrame.${value}`)}
    </button>
  );
  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label={t("admin.blog.previewFrame.width")}
        className="mx-auto flex w-fit gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-ink-200"
      >
        {toggle("phone", "smartphone")}
        {toggle("desktop", "monitor")}
      </div>
      <div
        className={cn(
          "mx-auto overflow-hidden bg-white transition-[max-width] duration-300 motion-reduce:transition-none",
          width === "phone"
            ? "rounded-[2rem] border-8 border-ink-900 shadow-xl"
            : "rounded-2xl ring-1 ring-ink-200",
        )}
        style={{ maxWidth: width === "phone" ? PHONE_WIDTH + 16 : "100%" }}
      >
        <iframe
          src={src}
          title={title}
          data-width={width}
          className="block h-[calc(100dvh-14rem)] min-h-[36rem] w-full"
        />
      </div>
    </div>
  );
}
