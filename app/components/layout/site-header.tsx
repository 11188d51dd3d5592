import { Icon } from "#app/components/ui/icon.tsx";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Link, useLocation } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/utils/cn.ts";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import { navigationLinks } from "./navigation.ts";
import { SectionLink } from "./section-link.tsx";
import { useViewer } from "./viewer.ts";

// Only a signed-in visitor sees the account menu: the public pages don't load it for the others.
const AccountMenu = lazy(() =>
  import("./account-menu.tsx").then((m) => ({ default: m.AccountMenu })),
);

/** `asVisitor`: as someone not signed in sees it (an article's preview shows the page so). */
export function SiteHeader({ asVisitor = false }: { asVisitor?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const signedIn = useViewer();
  const viewer = asVisitor ? null : signedIn;

  // The mobile menu closes on every navigation: another page or section, and a language chosen
  // (?lang= on the same page, a new location too).
  useEffect(() => setMenuOpen(false), [location]);

  // Escape closes it and puts the focus back on its button, as a disclosure does. The language
  // picker's own Escape closes the picker first.
  useEffect(() => {
    if (!menuOpen) return;
    function close(event: KeyboardEvent) {
      if (event.key !== "Escape" || (event.target as Element).closest?.("details[open]")) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    }
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header-bar">
        {/* On a phone the mark alone: the bar keeps room for applying, the language and the menu
            in every language from 360 px. */}
        <Link to="/" className="me-auto shrink-0 rounded-full" aria-label={t("a11y.homeLink")}>
          <Logo className="site-logo" />
        </Link>

        {/* Seven links and three controls fit on one line from 1280 px, in every language;
            narrower screens get the menu button. */}
        <nav aria-label={t("a11y.mainNavigation")} className="hidden xl:block">
          <ul className="site-nav flex items-center 2xl:gap-1">
            {navigationLinks.map((link) => (
              <li key={link.to}>
                <SectionLink to={link.to}>{t(link.label)}</SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <LanguagePicker />
          {viewer ? (
            <Suspense>
              <AccountMenu />
            </Suspense>
          ) : (
            <>
              <Link
                to="/login"
                className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "max-sm:hidden")}
              >
                {t("nav.login")}
              </Link>
              {/* Kept in the sticky bar on a phone too: applying is one tap away while she scrolls. */}
              <Link to="/register/model" className={buttonVariants({ size: "sm" })}>
                {t("nav.preselection")}
              </Link>
            </>
          )}
          <Button
            ref={menuButton}
            type="button"
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("a11y.closeMenu") : t("a11y.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <Icon name="x" className="size-5!" />
            ) : (
              <Icon name="menu" className="size-5!" />
            )}
          </Button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label={t("a11y.mainNavigation")}
        hidden={!menuOpen}
        className="mobile-menu"
      >
        <ul>
          {navigationLinks.map((link) => (
            <li key={link.to}>
              <SectionLink to={link.to} onClick={() => setMenuOpen(false)}>
                {t(link.label)}
              </SectionLink>
            </li>
          ))}
          {viewer ? null : (
            <li className="mt-2 grid grid-cols-2 gap-2 sm:hidden">
              <Link to="/login" className={buttonVariants({ variant: "secondary" })}>
                {t("nav.login")}
              </Link>
              <Link to="/register/model" className={buttonVariants()}>
                {t("nav.preselection")}
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
