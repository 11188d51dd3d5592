import { useCallback, useLayoutEffect, useRef, useState } from "react";

/** The review's keyboard shortcuts, by the key that gives each (the dialog lists them). */
export const reviewShortcuts = {
  j: "next",
  k: "previous",
  a: "approve",
  r: "reject",
  "/": "search",
  "?": "help",
} as const;

export type ReviewShortcut = (typeof reviewShortcuts)[keyof typeof reviewShortcuts];

// Inputs that take no typing: a letter pressed on a ticked box is still a shortcut.
const untyped = new Set(["checkbox", "radio", "button", "submit", "reset", "image", "file"]);

/** Where a key is text being written (or a choice by typeahead), not a command. */
export function isTyping(target: EventTarget | null) {
  if (target instanceof HTMLInputElement) return !untyped.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * The shortcut a key press asks for, or null: never while she types in a field, never with
 * Ctrl, Alt (AltGr) or ⌘ held (those belong to the browser and the system), never while a modal
 * dialog is open (it has its own keys), and not twice for a key something else has handled.
 * Shift is allowed: it gives "?" (and "/" on some layouts); a capital J from Caps Lock is a j.
 */
export function shortcutFor(event: KeyboardEvent): ReviewShortcut | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.isComposing || isTyping(event.target)) return null;
  if (document.querySelector("dialog[open]")) return null;
  const key = event.key.length === 1 && !event.shiftKey ? event.key.toLowerCase() : event.key;
  return Object.hasOwn(reviewShortcuts, key)
    ? reviewShortcuts[key as keyof typeof reviewShortcuts]
    : null;
}

/**
 * Listens for the review's shortcuts on the whole page while the screen is open. The handlers
 * are read at the moment of the key press, so they always see the page's current data.
 */
export function useReviewShortcuts(handlers: Partial<Record<ReviewShortcut, () => void>>) {
  const current = useRef(handlers);
  // Layout effects, run as React commits the page: a key pressed the moment the page is hydrated
  // is heard (a passive effect may run a moment later, and the key would be lost).
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      const handler = shortcut && current.current[shortcut];
      if (!handler) return;
      // "/" would otherwise open the browser's quick find, and no letter should scroll or type.
      event.preventDefault();
      handler();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/**
 * What the polite live region says next. The same sentence twice in a row (the last row, then
 * the last row again) is still a change to the region: a no-break space comes and goes at its end.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState({ text: "", turn: false });
  const announce = useCallback(
    (text: string) => setMessage((last) => ({ text, turn: !last.turn })),
    [],
  );
  return {
    message: message.text ? `${message.text}${message.turn ? "\u00a0" : ""}` : "",
    announce,
  };
}
