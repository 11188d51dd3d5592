import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { ReplyPromise } from "./thank-you.ts";

/**
 * What she sees once her application is stored, in place of the form (or of the chat's composer)
 * for as long as the page is open: it was received, when and how the agency answers, where else
 * to look for the answer, and how to take it all back. Its heading takes the focus, so a screen
 * reader reads it out and the keyboard starts from it.
 */
export function ThankYouPanel({
  reply,
  withAccount = false,
  headingLevel = 3,
  compact = false,
  focusRef,
  children,
}: {
  reply: ReplyPromise;
  /** /register/model made her account too: say how to activate it. */
  withAccount?: boolean;
  headingLevel?: 2 | 3;
  /** In the chat's footer: smaller, and links open beside the conversation. */
  compact?: boolean;
  /** Who focuses the heading, when not the panel itself (the chat moves the focus on its own). */
  focusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  useEffect(() => {
    if (!focusRef) ownRef.current?.focus();
  }, [focusRef]);

  return (
    <section aria-labelledby="thank-you-title" className={cn(compact ? "space-y-3" : "space-y-6")}>
      <div className="flex items-start gap-3">
        <span
          className={cn(
            "grid shrink-0 place-items-center rounded-full bg-brand-700 text-white",
            compact ? "size-8" : "size-11",
          )}
        >
          <Icon name="check" className={compact ? "size-4" : "size-6"} />
        </span>
        <div className="min-w-0">
          <Heading
            id="thank-you-title"
            ref={(focusRef as RefObject<HTMLHeadingElement | null>) ?? ownRef}
            tabIndex={-1}
            className={cn(
              "font-semibold tracking-tight text-ink-950 outline-none",
              compact ? "text-base" : "text-2xl",
            )}
          >
            {t("thanks.title")}
          </Heading>
          <p className={cn("text-ink-600", compact ? "text-sm" : "mt-1")}>{t("thanks.lead")}</p>
        </div>
      </div>

      <ul className={cn("grid text-ink-800", compact ? "gap-2 text-sm" : "gap-4")}>
        <Point icon="calendar-clock" compact={compact}>
          <strong className="font-semibold text-ink-950">
            {t("thanks.when", { count: reply.days })}
          </strong>
        </Point>
        <Point icon="mail" compact={compact}>
          {t("thanks.byEmail")}{" "}
          <strong className="font-semibold break-all text-ink-950">{reply.email}</strong>
        </Point>
        {reply.whatsapp ? (
          <Point icon="phone" compact={compact}>
            {t("thanks.byWhatsapp")}
          </Point>
        ) : null}
        {withAccount ? (
          <Point icon="lock-keyhole" compact={compact}>
            {t("thanks.account")}
          </Point>
        ) : null}
        <Point icon="search" compact={compact}>
          {t("thanks.spam")}
        </Point>
      </ul>

      <p
        className={cn(
          "border-t border-ink-200/70 text-ink-600",
          compact ? "pt-3 text-xs" : "pt-5 text-sm",
        )}
      >
        {t("thanks.withdraw")}{" "}
        <Link
          to="/privacy/request"
          {...(compact ? { target: "_blank" } : {})}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t("thanks.withdrawLink")}
        </Link>
      </p>
      {children}
    </section>
  );
}

function Point({
  icon,
  compact,
  children,
}: {
  icon: IconName;
  compact: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3">
      <Icon
        name={icon}
        className={cn("mt-0.5 shrink-0 text-brand-600", compact ? "size-4" : "size-5")}
      />
      <span className="min-w-0">{children}</span>
    </li>
  );
}
