import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link } from "react-router";
import { cn } from "#app/utils/cn.ts";
import { AccountMenu } from "./account-menu.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";

/** A signed-in area (model dashboard, affiliate portal, admin): its own bar, no marketing. */
export function AreaShell({
  title,
  wide = false,
  children,
}: {
  /** The page's heading; a layout that nests pages with their own leaves it out. */
  title?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-sand-50">
      <header className="border-b border-ink-200/70 bg-white">
        <div
          className={cn(
            "mx-auto flex h-16 items-center gap-1 px-4 sm:gap-3 sm:px-6",
            wide ? "max-w-7xl" : "max-w-6xl",
          )}
        >
          <Link
            to="/"
            className="me-auto shrink-0 rounded-full whitespace-nowrap"
            aria-label={t("a11y.homeLink")}
          >
            <Logo />
          </Link>
          <LanguagePicker />
          <AccountMenu />
        </div>
      </header>
      <main
        id="main-content"
        className={cn("mx-auto px-4 py-10 sm:px-6", wide ? "max-w-7xl" : "max-w-6xl")}
      >
        {title ? (
          <>
            <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
            <div className="mt-8">{children}</div>
          </>
        ) : (
          children
        )}
      </main>
    </div>
  );
}
