import { Section } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ReferralLinkField } from "#app/features/affiliates/referral-link-field.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/*
 * The affiliate portal's sections (/portal, app/routes/areas/portal.tsx), one file each; the
 * route holds the loader and puts them in order.
 */

/** Her referral link to copy, her code, how long a click counts, and the link as a QR code. */
export function ReferralLinkSection({
  link,
  qr,
  code,
  referralDays,
}: {
  link: string;
  /** An SVG the server drew from her own link. */
  qr: string;
  code: string;
  referralDays: number;
}) {
  const { t } = useTranslation();
  return (
    <Section id="link" title={t("portal.link.title")} className="mt-6">
      <div className="mt-5 grid gap-8 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        <div className="min-w-0">
          <ReferralLinkField link={link} />
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {t("portal.link.code")}
              </dt>
              <dd className="mt-1 font-mono text-2xl font-semibold tracking-wider text-ink-900">
                {code}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {t("portal.link.windowTitle")}
              </dt>
              <dd className="mt-1 text-sm text-ink-700">
                {t("portal.link.window", { count: referralDays })}
              </dd>
            </div>
          </dl>
        </div>
        <figure className="flex flex-col items-center gap-3 md:w-56">
          <div
            className="size-44 rounded-2xl bg-white p-1 ring-1 ring-ink-200 [&_svg]:size-full"
            role="img"
            aria-label={t("portal.qr.label", { link })}
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <figcaption className="text-center text-xs text-ink-600">
            {t("portal.qr.caption")}
          </figcaption>
          {/* Files of her own link from /portal/qr.png and /portal/qr.svg: plain links. */}
          <div className="flex flex-wrap justify-center gap-2">
            {(["png", "svg"] as const).map((format) => (
              <a
                key={format}
                href={`/portal/qr.${format}`}
                download={`mare-talent-${code}.${format}`}
                className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
              >
                <Icon name="download" className="size-4" />
                {t(`portal.qr.download.${format}`)}
              </a>
            ))}
          </div>
        </figure>
      </div>
    </Section>
  );
}
