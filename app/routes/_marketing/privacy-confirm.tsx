import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/layout/auth-shell.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { getDatabase } from "#app/db/db.server.ts";
import { REQUEST_TTL_HOURS } from "#app/features/privacy/constants.ts";
import { confirmErasure, openRequest } from "#app/features/privacy/requests.server.ts";
import { destructiveButton, sizes, wrapping } from "#app/features/privacy/styles.ts";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import { pageContext } from "#app/utils/page.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { pageTitle } from "#app/utils/seo.ts";
import type { Route } from "./+types/privacy-confirm";

/**
 * Opening the link changes nothing (mail scanners open links too): the page says what will
 * happen, and only its button, a POST, does it, once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { t, strings } = pageContext(request);
  const token = new URL(request.url).searchParams.get("token");
  const open = await openRequest(await getDatabase(), token);
  return data(
    {
      strings: strings("privacy-confirm", "privacy"),
      title: pageTitle(t("privacy.confirm.title")),
      kind: open?.kind ?? null,
      token: open ? token : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// The page's address holds a live token: no cache keeps it, after the button's answer too.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
  // The link's token is in this page's address: it never leaves for another site in a Referer
  // header. Not "no-referrer": with it the browser sends `Origin: null` with the download's form
  // post, which the cross-site check rightly refuses (the button then did nothing).
  { name: "referrer", content: "same-origin" },
];

type Result =
  | { status: "invalid" }
  | { status: "erased"; applications: number; account: "deleted" | "kept" | "none" };

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, z.object({ intent: z.literal("erase"), token: textField }));
  if (form.crossSite) throw data(null, { status: 403 });
  // The export's file comes from its own resource route (privacy-data.ts): an answer of this
  // page's action is rendered into the page, data and all.
  if (form.success) {
    const result = await confirmErasure(await getDatabase(), form.data.token);
    if (!result) return data<Result>({ status: "invalid" }, 410);
    return data<Result>({
      status: "erased",
      applications: result.applications.length,
      account: result.account,
    });
  }
  return data<Result>({ status: "invalid" }, 400);
}

/** /privacy/confirm?token=…: the mailed link of a request to download or erase her data. */
export default function PrivacyConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // With JavaScript the download's start is acknowledged; without, the file simply arrives.
  const [downloading, setDownloading] = useState(false);
  const { kind, token } = loaderData;

  let content: React.ReactNode;
  if (actionData?.status === "erased") {
    content = (
      <>
        <Heading icon="check">{t("privacy.confirm.erasedTitle")}</Heading>
        <div role="status" className="mt-6 space-y-4 text-ink-700">
          <p>
            {actionData.applications > 0
              ? t("privacy.confirm.erasedApplications", { count: actionData.applications })
              : t("privacy.confirm.erasedNone")}
          </p>
          <p>{t(`privacy.confirm.account.${actionData.account}`)}</p>
          <p>{t("privacy.confirm.erasedKept")}</p>
        </div>
        <Link to="/" className={`${buttonVariants({ variant: "secondary" })} mt-8`}>
          {t("notFound.home")}
        </Link>
      </>
    );
  } else if (!kind || !token || actionData?.status === "invalid") {
    content = (
      <>
        <Heading icon="x">{t("privacy.confirm.invalidTitle")}</Heading>
        <p className="mt-4 text-ink-700">
          {t("privacy.confirm.invalidText", { hours: REQUEST_TTL_HOURS })}
        </p>
        <Link to="/privacy/request" className={`${buttonVariants()} mt-8`}>
          {t("privacy.confirm.askAgain")}
        </Link>
      </>
    );
  } else if (kind === "export") {
    content = (
      <>
        <Heading icon="download">{t("privacy.confirm.exportTitle")}</Heading>
        <p className="mt-4 text-ink-700">{t("privacy.confirm.exportText")}</p>
        <ul className="mt-4 list-disc space-y-1 ps-6 text-ink-700">
          {(["applications", "history", "account", "emails"] as const).map((item) => (
            <li key={item}>{t(`privacy.confirm.exportItems.${item}`)}</li>
          ))}
        </ul>
        <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm text-ink-800 ring-1 ring-sand-300">
          {t("privacy.confirm.exportCare")}
        </p>
        {/* A plain form post to the file's resource route: the browser saves the file and
            stays on this page, which never holds her data. */}
        <Form
          method="post"
          action="/privacy/data.json"
          reloadDocument
          className="mt-8"
          onSubmit={() => setDownloading(true)}
        >
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="export" />
          {downloading ? (
            <FormMessage tone="notice">{t("privacy.confirm.downloading")}</FormMessage>
          ) : (
            <Button type="submit" size="lg" className={cn(wrapping, "max-sm:w-full")}>
              <Icon name="download" />
              {t("privacy.confirm.exportButton")}
            </Button>
          )}
        </Form>
        <p className="mt-4 text-sm text-ink-500">{t("privacy.confirm.once")}</p>
      </>
    );
  } else {
    content = (
      <>
        <Heading icon="shield-exclamation-point">{t("privacy.confirm.eraseTitle")}</Heading>
        <p className="mt-4 text-ink-700">{t("privacy.confirm.eraseText")}</p>
        <h2 className="mt-6 font-semibold text-ink-950">{t("privacy.confirm.eraseWhatTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 ps-6 text-ink-700">
          {(["fields", "document", "account", "emails"] as const).map((item) => (
            <li key={item}>{t(`privacy.confirm.eraseItems.${item}`)}</li>
          ))}
        </ul>
        <h2 className="mt-6 font-semibold text-ink-950">{t("privacy.confirm.eraseKeptTitle")}</h2>
        <p className="mt-2 text-ink-700">{t("privacy.confirm.eraseKept")}</p>
        <p className="mt-6 rounded-xl bg-coral-300/20 px-4 py-3 text-sm font-medium text-coral-700 ring-1 ring-coral-300">
          {t("privacy.confirm.eraseFinal")}
        </p>
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="intent" value="erase" />
          <button
            type="submit"
            disabled={busy}
            className={cn(destructiveButton, sizes.lg, wrapping, "max-sm:w-full")}
          >
            {busy ? t("privacy.confirm.erasing") : t("privacy.confirm.eraseButton")}
          </button>
        </Form>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200/70 sm:p-10">
        {content}
      </div>
      <p className="mt-6 text-center text-sm text-ink-600">
        <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2">
          {t("privacy.request.notice")}
        </Link>
      </p>
    </div>
  );
}

function Heading({
  icon,
  children,
}: {
  icon: "check" | "x" | "download" | "shield-exclamation-point";
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-6" />
      </span>
      <h1 className="pt-1.5 text-3xl font-semibold tracking-tight">{children}</h1>
    </div>
  );
}
