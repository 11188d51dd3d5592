import type { StartEvent } from "./events.ts";

const sent = new Set<string>();

/**
 * Tells the server that a visitor started the form or the chat (the funnel's "started"), once
 * per page load: a bare POST with the event in its URL, no cookie read, no identifier.
 */
export function countStart(event: StartEvent, dimension: string) {
  const url = `/api/count?e=${event}&d=${dimension}`;
  if (sent.has(url)) return;
  sent.add(url);
  navigator.sendBeacon(url);
}
