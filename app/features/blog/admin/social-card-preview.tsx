import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/translation.tsx";
import { isSupportedLanguage } from "#app/i18n/languages.ts";
import type { StoredImage } from "#app/features/images/media.ts";
import type { UploadResult } from "#app/features/images/images.server.ts";
import { articleShareCard, type ArticleSeoFields } from "#app/features/blog/article-seo.ts";

/** What the editor's route sends that the card needs (routes/admin/blog-editor.tsx). */
interface EditorData {
  id: number;
  language: string;
  origin: string;
  shareStrings: Record<string, string>;
  cover: StoredImage | null;
  translation: { working: Omit<ArticleSeoFields, "cover"> & { coverAlt: string } } | null;
}

/** The share card's text as the editor's form has it now, typed a moment ago included. */
function formFields(form: HTMLFormElement, covers: (StoredImage | null)[]): ArticleSeoFields {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const coverId = Number(text("coverImageId"));
  const image = covers.find((cover) => cover && cover.id === coverId) ?? null;
  return {
    slug: text("slug"),
    title: text("title"),
    seoTitle: text("seoTitle"),
    description: text("description"),
    cover: image ? { image, alt: text("coverAlt") } : null,
  };
}

/**
 * How a link to the article will look when shared: its Open Graph image, site, title and
 * description, built by the same functions as the public page's tags (article-seo.ts) from the
 * form's current values, as she types. Placed anywhere inside the editor's form.
 */
export function SocialCardPreview() {
  const { t } = useTranslation();
  // The tags' own texts, in the article's language, as the page will say them.
  const say = (key: string, values: Record<string, string>) =>
    (editor?.shareStrings[key] ?? "").replace("{{title}}", values.title ?? "");
  const editor = useRouteLoaderData<EditorData>("routes/admin/blog-editor");
  const here = useRef<HTMLElement>(null);
  // A cover just uploaded is in the form before the page's data has it.
  const uploader = useFetcher<UploadResult>({ key: `cover-${editor?.id}-${editor?.language}` });
  // Re-rendered by every save (a removed cover changes the form without an input event).
  const saver = useFetcher({ key: `article-${editor?.id}-${editor?.language}` });
  const uploaded = uploader.data?.ok ? uploader.data.image : null;
  // The saved copy until the form is read (the server's render, the first frame).
  const [fields, setFields] = useState<ArticleSeoFields | null>(() => {
    const saved = editor?.translation?.working;
    if (!saved) return null;
    const { cover } = editor;
    return { ...saved, cover: cover ? { image: cover, alt: saved.coverAlt } : null };
  });
  const read = useCallback(() => {
    const form = here.current?.closest("form");
    if (form) setFields(formFields(form, [uploaded, editor?.cover ?? null]));
  }, [uploaded, editor?.cover]);
  useEffect(() => {
    read();
    const form = here.current?.closest("form");
    form?.addEventListener("input", read);
    return () => form?.removeEventListener("input", read);
  }, [read, saver.state]);

  const language = editor?.language ?? "";
  const card =
    fields && editor && isSupportedLanguage(language)
      ? articleShareCard(fields, { origin: editor.origin, language, t: say })
      : null;
  return (
    <section ref={here} aria-labelledby="social-card-title" className="space-y-2">
      <h2 id="social-card-title" className="text-sm font-semibold text-ink-900">
        {t("admin.blog.socialCard.title")}
      </h2>
      <p className="text-sm text-ink-500">{t("admin.blog.socialCard.hint")}</p>
      {card ? (
        <figure
          data-testid="social-card"
          className="max-w-md overflow-hidden rounded-xl bg-white ring-1 ring-ink-200"
        >
          <img
            src={card.image}
            alt={card.imageAlt}
            className="aspect-[1.91/1] w-full bg-ink-100 object-cover"
          />
          <figcaption className="space-y-1 border-t border-ink-200 bg-ink-50 px-4 py-3">
            <p className="text-xs tracking-wide text-ink-500 uppercase">{card.host}</p>
            <p lang={language} className="line-clamp-2 font-semibold text-ink-900">
              {card.title}
            </p>
            <p lang={language} className="line-clamp-2 text-sm text-ink-600">
              {card.description || (
                <span className="text-ink-500 italic">
                  {t("admin.blog.socialCard.noDescription")}
                </span>
              )}
            </p>
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
}
