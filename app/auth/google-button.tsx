import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { Form } from "react-router";
import type { SelfServiceRole } from "./auth.server.ts";

/**
 * Sign-in with Google. A plain form post, so it works without JavaScript: the server starts the
 * OpenID Connect round trip with the role chosen on this page (none on /login: an existing
 * account keeps its role, a new one is a model).
 */
export function GoogleButton({
  signUpAs,
  returnPath,
}: {
  signUpAs?: SelfServiceRole;
  returnPath?: string | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" action="/auth/google" reloadDocument className="mt-6">
      <div className="mb-6 flex items-center gap-3 text-xs font-semibold tracking-wide text-ink-500 uppercase">
        <span aria-hidden className="h-px flex-1 bg-ink-200" />
        {t("auth.or")}
        <span aria-hidden className="h-px flex-1 bg-ink-200" />
      </div>
      {signUpAs ? <input type="hidden" name="role" value={signUpAs} /> : null}
      {returnPath ? <input type="hidden" name="redirect" value={returnPath} /> : null}
      <input type="hidden" name="language" value={i18n.language} />
      <button
        type="submit"
        className="inline-flex h-12 w-full items-center justify-center gap-3 rounded-full bg-white text-sm font-semibold text-ink-900 ring-1 ring-ink-300 ring-inset hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon name="brand-google" className="size-5" />
        {t("auth.google")}
      </button>
    </Form>
  );
}
