import type { ReactNode, SyntheticEvent } from "react";

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A dialog of the body editor is portalled out of the article's form, but React still carries
 * its events up to the form: typing a link's address or an image's description is not a change
 * of the article (the body's own update says so when it is applied), nor is its submit the
 * article's.
 */
export function StopBubbling({ children }: { children: ReactNode }) {
  return (
    <div onChange={stop} onInput={stop} onSubmit={stop}>
      {children}
    </div>
  );
}
