import { Icon } from "#app/components/ui/icon.tsx";
import { formatAgencyTime } from "#app/utils/agency-time.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import type { Check } from "./checklist.server.ts";
import "#app/components/ui/kit.css";

/** One check of the production checklist: passed (what is in place) or failed (the fix). */
export function ChecklistItem({ check }: { check: Check }) {
  const { t, i18n } = useTranslation();
  const at = check.values?.at ? formatAgencyTime(String(check.values.at), i18n.language) : "";
  const values = { ...check.values, at };
  return (
    <li className={cn("card flex gap-4", !check.ok && "ring-coral-300")}>
      <span
        className={cn(
          "mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full",
          check.ok ? "bg-brand-100 text-brand-800" : "bg-coral-100 text-coral-800",
        )}
      >
        <Icon name={check.ok ? "check" : "x"} className="size-4" />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-ink-950">
          {t(`admin.checklist.checks.${check.id}.title`)}{" "}
          <span className={cn("text-sm", check.ok ? "text-brand-700" : "text-coral-700")}>
            — {check.ok ? t("admin.checklist.pass") : t("admin.checklist.fail")}
          </span>
        </h2>
        <p className="mt-1 text-sm text-ink-700">
          {check.ok
            ? t(`admin.checklist.checks.${check.id}.ok`, values)
            : t(`admin.checklist.checks.${check.id}.fix`, values)}
        </p>
      </div>
    </li>
  );
}
