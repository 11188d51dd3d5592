import { Link } from "react-router";
import { Section } from "#app/components/ui/card.tsx";
import { Table, Td, Th } from "#app/components/ui/table.tsx";
import { languages } from "#app/i18n/languages.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { mailTemplateKinds, type MailTemplateKind } from "#app/mail/kinds.ts";
import type { RejectionReason } from "#app/mail/rejection-reasons.server.ts";
import type { RenderedMail } from "#app/mail/templates.server.ts";
import { cn } from "#app/utils/cn.ts";
import { TemplateEditor, type EditorView } from "./template-editor.tsx";
import type { EmailResult } from "./result.ts";

type T = (key: string, values?: Record<string, unknown>) => string;

/** A template's name: its mail's kind, or the rejection reason whose mail it is. */
export function templateName(t: T, key: string, reasons: readonly RejectionReason[]) {
  // The browser's reading of a key (the server checks it with parseTemplateKey).
  const [kind = "confirmation", id] = key.split(":");
  if (!id) return t(`admin.email.kinds.${kind as MailTemplateKind}`);
  const reason = reasons.find((r) => r.id === Number(id));
  return t("admin.email.kinds.reason", { label: reason?.label ?? `#${id}` });
}

/** Every template in every language (built-in or edited), and the editor of the one picked. */
export function TemplatesSection({
  editor,
  preview,
  overridden,
  reasons,
  result,
}: {
  editor: EditorView;
  /** The saved template with sample values. */
  preview: RenderedMail;
  /** The templates with an admin's wording, as "key|language". */
  overridden: readonly string[];
  reasons: readonly RejectionReason[];
  result?: EmailResult;
}) {
  const { t } = useTranslation();
  return (
    <Section
      id="templates"
      anchor="templates"
      title={t("admin.email.templates.heading")}
      description={t("admin.email.templates.intro")}
    >
      <TemplateTable editor={editor} overridden={overridden} reasons={reasons} />
      <TemplateEditor
        editor={editor}
        name={templateName(t, editor.key, reasons)}
        preview={preview}
        result={result}
      />
    </Section>
  );
}

function TemplateTable({
  editor,
  overridden,
  reasons,
}: {
  editor: EditorView;
  overridden: readonly string[];
  reasons: readonly RejectionReason[];
}) {
  const { t } = useTranslation();
  const edited = new Set(overridden);
  const keys = [...mailTemplateKinds, ...reasons.map((reason) => `rejected:${reason.id}`)];
  return (
    <Table caption={t("admin.email.templates.tableCaption")} density="compact" className="mt-4">
      <thead>
        <tr>
          <Th>{t("admin.email.templates.template")}</Th>
          {languages.map((language) => (
            <Th key={language.code}>
              <abbr title={language.name} className="no-underline">
                {language.code.toUpperCase()}
              </abbr>
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => {
          const name = templateName(t, key, reasons);
          return (
            <tr key={key}>
              <Th row>{name}</Th>
              {languages.map((language) => {
                const own = edited.has(`${key}|${language.code}`);
                const state = own
                  ? t("admin.email.templates.edited")
                  : t("admin.email.templates.builtIn");
                const current = key === editor.key && language.code === editor.language;
                return (
                  <Td key={language.code}>
                    <Link
                      to={`?template=${encodeURIComponent(key)}&language=${language.code}#editor`}
                      preventScrollReset
                      aria-current={current ? "true" : undefined}
                      aria-label={`${name}, ${language.name}: ${state}`}
                      className={cn(
                        "inline-flex min-h-8 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
                        own
                          ? "bg-brand-50 text-brand-800 ring-brand-200"
                          : "bg-white text-ink-700 ring-ink-200",
                        current && "outline-2 outline-offset-2 outline-brand-600",
                      )}
                    >
                      {state}
                    </Link>
                  </Td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
