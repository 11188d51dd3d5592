import { Icon } from "#app/components/ui/icon.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import type { ReplyPromise } from "#app/features/submissions/thank-you.ts";
import { FORM_ANCHOR } from "./fields.ts";
import { PreselectionForm } from "./preselection-form.tsx";

export function PreselectionSection({
  action,
  thanks,
}: {
  action: string;
  /** The panel of an application sent by a plain form (the page's loader). */
  thanks: ReplyPromise | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      id={FORM_ANCHOR}
      aria-labelledby="preselection-title"
      className="bg-brand-950 py-20 sm:py-24"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8">
        <div className="text-brand-50">
          <h2
            id="preselection-title"
            className="text-3xl font-semibold tracking-tight text-white sm:text-4xl"
          >
            {t("preselection.title")}
          </h2>
          <p className="mt-4 text-lg text-brand-100/85">{t("preselection.subtitle")}</p>
          <p className="mt-8 flex items-start gap-3 text-sm text-brand-100/85">
            <Icon name="shield-check" className="mt-0.5 size-5 shrink-0 text-brand-300" />
            {t("preselection.privacyNote")}
          </p>
        </div>
        <div className="rounded-3xl bg-sand-50 p-6 shadow-xl sm:p-10">
          <PreselectionForm action={action} thanks={thanks} />
        </div>
      </div>
    </section>
  );
}
