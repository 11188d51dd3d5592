import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/**
 * Toasts as spec section 4 describes them: one at a time, closing after 5000 ms, dismissed by a
 * swipe to the right of more than 50 px, and F8 moves focus to the region (Radix's default hotkey).
 * The Radix part loads with the first toast, so pages that never show one do not pay for it.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
}

export type CurrentToast = (ToastMessage & { id: number; open: boolean }) | null;

let current: CurrentToast = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(value: CurrentToast) {
  current = value;
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen. Callable from anywhere in the browser. */
export function toast(message: ToastMessage) {
  emit({ ...message, id: nextId++, open: true });
}

export function closeToast(id: number) {
  if (current?.id === id) emit({ ...current, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useCurrentToast() {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

const loadViewport = () => import("./toast-viewport.tsx");
const ToastViewport = lazy(loadViewport);

/**
 * Loads the toast code ahead of time, for screens whose toast may have to report that the
 * server cannot be reached (and then could not fetch the code either).
 */
export function preloadToasts() {
  void loadViewport().catch(() => undefined);
}

/**
 * A modal <dialog> sits in the browser's top layer and makes the page behind it inert, so a
 * toast rendered in the page would be neither seen nor read out. While a dialog renders its
 * own <Toaster inDialog />, the page's Toaster steps aside.
 */
let dialogHosts = 0;
const hostListeners = new Set<() => void>();

function subscribeHosts(listener: () => void) {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function changeHosts(delta: number) {
  dialogHosts += delta;
  for (const listener of hostListeners) listener();
}

export function Toaster({ inDialog = false }: { inDialog?: boolean }) {
  const message = useCurrentToast();
  const hostedByDialog = useSyncExternalStore(
    subscribeHosts,
    () => dialogHosts > 0,
    () => false,
  );
  useEffect(() => {
    if (!inDialog) return;
    changeHosts(1);
    return () => changeHosts(-1);
  }, [inDialog]);
  if (!message || (hostedByDialog && !inDialog)) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport message={message} inDialog={inDialog} />
    </Suspense>
  );
}
