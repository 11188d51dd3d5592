import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";
import type { Language } from "#app/i18n/languages.ts";
import { loadStrings } from "#app/i18n/lazy-strings.ts";
import { MoreStrings, useTranslation } from "#app/i18n/translation.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { countStart } from "#app/features/analytics/beacon.ts";
import type ChatbotModule from "./chatbot.tsx";
import { hasSavedConversation } from "./saved-conversation.ts";

// The chat (its validation library and its strings) loads when she asks for it, not with the page.
const loadChatbot = (language: Language) =>
  Promise.all([import("./chatbot.tsx"), loadStrings(language, ["chatbot", "preselection"])]);

type ChatbotProps = ComponentProps<typeof ChatbotModule>;
const chatbots = new Map<Language, React.ComponentType<ChatbotProps>>();

/** The chatbot in this language: its code and strings, as one lazy component. */
function chatbotIn(language: Language) {
  let Chatbot = chatbots.get(language);
  if (!Chatbot) {
    Chatbot = lazy(async () => {
      const [{ default: Loaded }, strings] = await loadChatbot(language);
      return {
        default: (props: ChatbotProps) => (
          <MoreStrings strings={strings}>
            <Loaded {...props} />
          </MoreStrings>
        ),
      };
    });
    chatbots.set(language, Chatbot);
  }
  return Chatbot;
}

/** The contact page's button that opens the chatbot, or continues a conversation left open. */
export function ChatLauncher() {
  const { t, i18n } = useTranslation();
  const Chatbot = chatbotIn(i18n.language);
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
        onPointerEnter={() => void loadChatbot(i18n.language)}
        onFocus={() => void loadChatbot(i18n.language)}
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
