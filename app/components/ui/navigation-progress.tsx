import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/translation.tsx";
import { useNavigation } from "react-router";

/** Only navigations slower than this show the spinner; quick ones would just flash. */
const SHOW_AFTER_MS = 400;

/**
 * The full-screen spinner of spec section 2, shown while the next screen loads (its code and
 * data). Pages arrive server-rendered, so it only ever appears on slow in-app navigations.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      role="status"
      className="fixed inset-0 z-90 grid place-items-center bg-sand-50/70 backdrop-blur-[2px]"
    >
      <span
        aria-hidden
        className="size-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}
