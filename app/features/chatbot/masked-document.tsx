import { useId, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/translation.tsx";
import { maskDocument } from "./sensitive.ts";

/**
 * Her document number with all but its end hidden, so someone looking over her shoulder (or
 * picking up the phone later) cannot read it. The number in clear is not in the page at all;
 * screen readers hear "hidden, ending in 8 9 0 9" rather than a row of bullets.
 */
export function MaskedDocument({ value }: { value: string }) {
  const { t } = useTranslation();
  const { masked, ending } = maskDocument(value);
  return (
    <>
      <span aria-hidden="true" className="tracking-wider">
        {masked}
      </span>
      <span className="sr-only">
        {ending
          ? t("chatbot.documentEnding", { ending: Array.from(ending).join(" ") })
          : t("chatbot.documentHidden")}
      </span>
    </>
  );
}

/** The summary's document number: masked, with a button to check it in clear and hide it again. */
export function RevealableDocument({ value }: { value: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span id={id} className="break-all">
        {shown ? value : <MaskedDocument value={value} />}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-controls={id}
        onClick={() => setShown(!shown)}
        className="-my-1"
      >
        <Icon name={shown ? "eye-off" : "eye"} />
        {shown ? t("chatbot.hideDocument") : t("chatbot.showDocument")}
      </Button>
    </span>
  );
}
