import { Icon } from "#app/components/ui/icon.tsx";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { cn } from "#app/utils/cn.ts";
import { Logo } from "./logo.tsx";

/** The account screens: no site navigation (spec section 2), one card in the middle. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-[radial-gradient(50rem_24rem_at_90%_-10%,var(--color-brand-100),transparent_70%)]">
      <SlimHeader className="max-w-md sm:px-0" />
      <main id="main-content" className="mx-auto max-w-md px-4 pb-20 sm:px-0">
        <div className="mt-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 sm:p-8">
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-2 text-ink-600">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-ink-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A message above an account form: an error (role=alert) or a notice (role=status). */
export function FormMessage({ tone, children }: { tone: "error" | "notice"; children: ReactNode }) {
  return tone === "error" ? (
    <p
      role="alert"
      className="mb-6 rounded-xl bg-coral-300/25 px-4 py-3 text-sm font-medium text-coral-700"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="mb-6 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200"
    >
      {children}
    </p>
  );
}

/** The bar of the pages without the site's navigation: the logo and a way back home. */
export function SlimHeader({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <header className={cn("mx-auto flex items-center justify-between gap-4 px-4 py-6", className)}>
      <Link
        to="/"
        aria-label={t("a11y.homeLink")}
        className="shrink-0 rounded-full whitespace-nowrap"
      >
        <Logo />
      </Link>
      <Link
        to="/"
        className="text-end text-sm font-semibold text-balance text-brand-700 hover:text-brand-900"
      >
        {/* Inline, so a label that wraps on a phone keeps the arrow on its first line. */}
        <Icon name="arrow-left" className="me-1.5 inline size-4 align-[-3px]" />
        {t("notFound.home")}
      </Link>
    </header>
  );
}
