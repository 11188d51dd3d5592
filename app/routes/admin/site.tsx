import { data, Link } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  handleHeroImage,
  heroImageForEditing,
  heroImageIntents,
  type HeroImageResult,
} from "#app/features/content/hero-image.server.ts";
import {
  CompanyForm,
  FiguresForm,
  HeroForm,
  SocialForm,
  TextsForm,
  type PartAnswer,
} from "#app/features/site/admin/site-forms.tsx";
import {
  partFields,
  resetSiteTexts,
  saveSitePart,
  siteForEditing,
  siteParts,
} from "#app/features/site/site-settings.server.ts";
import { languages, normalizeLanguage, type Language } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { MAX_IMAGE_UPLOAD_BYTES } from "#app/utils/body-limit.server.ts";
import { parseForm } from "#app/utils/form.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { clientIp } from "#app/utils/request.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/site";

/** The language of the steps being edited (?language=), Portuguese unless another is named. */
function languageOf(request: Request): Language {
  return normalizeLanguage(new URL(request.url).searchParams.get("language")) ?? "pt";
}

/**
 * /admin/site (editors and admins): what the public site says of the agency, and the image at
 * the top of its home page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminSite");
  const language = languageOf(request);
  const db = await getDatabase();
  const [site, hero] = await Promise.all([siteForEditing(db, language), heroImageForEditing(db)]);
  const { t, strings } = pageContext(request);
  return {
    // admin-images: the refusals of an image the hero form sends.
    strings: strings("admin-site", "admin-images"),
    title: pageTitle(t("admin.site.title")),
    language,
    ...site,
    hero,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

// Every field of every part as sent; the part's own schema (site-settings.server.ts) checks them.
const allFields = [...new Set(Object.values(partFields).flat())];
const siteForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(siteParts),
    reset: z.literal("texts").optional(),
    ...Object.fromEntries(allFields.map((name) => [name, z.string().optional()])),
  }),
  // The hero form's posts: multipart, with the image.
  ...heroImageIntents,
]);

/** A part's answer, the hero form's, or the screen's own refusal of a post it cannot read. */
type Answer =
  | PartAnswer
  | HeroImageResult
  | { ok: false; part?: undefined; form?: undefined; errors: { form: string } };

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminSite");
  // The parts' forms are a few KB; the hero form carries an image, hence the upload's limit
  // (the server allows it on this path: body-limit.server.ts).
  const form = await parseForm(request, siteForm, { bytes: MAX_IMAGE_UPLOAD_BYTES });
  if (form.crossSite)
    return data<Answer>({ ok: false, errors: { form: "validation.crossSite" } }, 403);
  if (!form.success)
    return data<Answer>({ ok: false, errors: { form: "admin.site.invalid" } }, 400);
  const db = await getDatabase();
  const actor = { id: viewer.id, ip: clientIp(request) };
  const input = form.data;
  if (input.intent === "heroImage" || input.intent === "removeHeroImage")
    return handleHeroImage(db, actor, input, { values: form.values, signal: request.signal });
  const { intent: part, reset } = input;
  const language = languageOf(request);
  if (part === "texts" && reset) {
    await resetSiteTexts(db, actor, language);
    return data<Answer>({ ok: true, part });
  }
  const saved = await saveSitePart(db, actor, part, input, language);
  if (saved.ok) return data<Answer>({ ok: true, part });
  const values = Object.fromEntries(
    Object.entries(form.values).filter(([name]) => partFields[part].includes(name)),
  ) as Record<string, string>;
  return data<Answer>({ ok: false, part, errors: saved.errors, values }, 400);
}

export default function Site({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, profile, texts, custom, hero } = loaderData;
  // Each answer goes to the card that sent it; the screen's own refusal is said above them.
  const answer = actionData && "part" in actionData && actionData.part ? actionData : undefined;
  const heroAnswer = actionData && "form" in actionData && actionData.form ? actionData : undefined;
  const formError =
    actionData && !answer && !heroAnswer && !actionData.ok ? actionData.errors.form : undefined;
  const languageTabs = (
    <nav aria-label={t("admin.site.texts.languagesNav")} className="flex flex-wrap gap-2">
      {languages.map((l) => (
        <Link
          key={l.code}
          to={`?language=${l.code}#texts`}
          preventScrollReset
          aria-current={l.code === language ? "page" : undefined}
          lang={l.code}
          className="rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-ink-200 hover:bg-brand-50 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
        >
          {l.name}
        </Link>
      ))}
    </nav>
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.site.title")}</h1>
        <p className="mt-2 max-w-2xl text-ink-600">{t("admin.site.intro")}</p>
      </div>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {t(formError)}
        </p>
      ) : null}
      <HeroForm hero={hero} answer={heroAnswer} />
      <SocialForm social={profile.social} whatsapp={profile.whatsapp} answer={answer} />
      <CompanyForm
        legalName={profile.legalName}
        cnpj={profile.cnpj}
        replyDays={profile.replyDays}
        answer={answer}
      />
      <FiguresForm figures={profile.figures} answer={answer} />
      <TextsForm
        key={language}
        language={language}
        texts={texts}
        custom={custom}
        answer={answer}
        languageTabs={languageTabs}
      />
    </div>
  );
}
