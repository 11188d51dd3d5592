import { useState, type FormEvent } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { preloadToasts, toast } from "#app/components/ui/toast.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";

/**
 * The account menu's Logout (spec section 2). A failed sign-out says so with the spec's toast
 * 'Falha ao sair' (section 8) and leaves her where she is, still signed in, instead of seeming
 * to succeed. The request is sent by hand rather than through the router: a refused connection
 * would make a router submission show the error screen instead of the toast. Without JavaScript
 * it is a plain form post.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    let failure: "server" | "network" | null = null;
    try {
      // The server answers a redirect home once the session has ended (302, seen as an
      // opaque redirect here), 503 when it could not end it.
      const answer = await fetch(event.currentTarget.action, {
        method: "POST",
        body: new URLSearchParams(),
        redirect: "manual",
        credentials: "same-origin",
      });
      if (answer.type !== "opaqueredirect" && !answer.ok) failure = "server";
    } catch {
      failure = "network";
    }
    if (!failure) {
      // A whole new page: nothing of her signed-in screens stays in this tab's memory.
      window.location.assign("/");
      return;
    }
    setSending(false);
    toast({
      title: t("account.logoutFailedTitle"),
      description: t(failure === "network" ? "account.logoutOffline" : "account.logoutFailed"),
      variant: "destructive",
    });
  }

  return (
    <form method="post" action="/logout" onSubmit={(event) => void onSubmit(event)}>
      <button
        type="submit"
        disabled={sending}
        // The toast's code comes before it is needed: with the network gone it could not.
        onFocus={preloadToasts}
        onPointerEnter={preloadToasts}
        className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-start text-sm font-medium text-ink-800 hover:bg-ink-100/70"
      >
        <Icon name="log-out" className="size-4" />
        {t("account.logout")}
      </button>
    </form>
  );
}
