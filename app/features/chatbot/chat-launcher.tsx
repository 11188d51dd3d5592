import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Button } from "~/components/ui/button";
import { countStart } from "~/features/analytics/beacon";
import { hasSavedConversation } from "./saved-conversation";

// The chat (and its validation library) loads when she asks for it, not with the page.
const loadChatbot = () => import("./chatbot");
const Chatbot = lazy(loadChatbot);

/** The contact page's button that opens the chatbot, or continues a conversation left open. */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [canResume, setCanResume] = useState(false);

  // Read after hydration: the server cannot know what this browser kept.
  useEffect(() => {
    if (!open) setCanResume(hasSavedConversation());
  }, [open]);

  return (
    <>
      <Button
        variant="light"
        size="lg"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadChatbot()}
        onFocus={() => void loadChatbot()}
        onClick={() => {
          // The funnel's chat start: opening the chat, counted once per page load.
          countStart("chatbot_started", "chatbot");
          setOpen(true);
        }}
      >
        {canResume ? t("chatbot.resume") : t("contact.chatStart")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <Chatbot onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
