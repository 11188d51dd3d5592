import { Icon } from "./icon.tsx";
import { Toast as ToastPrimitive } from "radix-ui";
import { useTranslation } from "#app/i18n/translation.tsx";
import { cn } from "#app/utils/cn.ts";
import {
  closeToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type CurrentToast,
} from "./toast.tsx";

export default function ToastViewport({
  message,
  inDialog,
}: {
  message: NonNullable<CurrentToast>;
  /**
   * In a dialog (the chat), the toast sits under its title bar, over the conversation, inside the
   * dialog: at the foot of the screen it would cover the buttons she answers with.
   */
  inDialog: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t("a11y.notification")}
    >
      <ToastPrimitive.Root
        key={message.id}
        open={message.open}
        onOpenChange={(open) => {
          if (!open) closeToast(message.id);
        }}
        type={message.variant === "destructive" ? "foreground" : "background"}
        data-variant={message.variant ?? "default"}
        className={cn(
          "group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl p-4 pe-10 shadow-lg ring-1",
          "data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in",
          "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)",
          "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=end]:animate-toast-out",
          message.variant === "destructive"
            ? "bg-coral-700 text-white ring-black/10"
            : message.variant === "success"
              ? "bg-brand-800 text-white ring-black/10"
              : "bg-white text-ink-900 ring-ink-200",
        )}
      >
        <div className="grid gap-1">
          <ToastPrimitive.Title className="font-semibold">{message.title}</ToastPrimitive.Title>
          {message.description ? (
            <ToastPrimitive.Description className="text-sm opacity-90">
              {message.description}
            </ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label={t("a11y.close")}
          className="absolute end-3 top-3 rounded-full p-1 opacity-80 hover:opacity-100"
        >
          <Icon name="x" className="size-4" />
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport
        label={t("a11y.notifications", { hotkey: "F8" })}
        className={cn(
          "z-100 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none",
          inDialog ? "absolute inset-x-0 top-17 mx-auto" : "fixed end-0 bottom-0 sm:p-6",
        )}
      />
    </ToastPrimitive.Provider>
  );
}
