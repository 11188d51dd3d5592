import type { ReactNode } from "react";

/** A page that answers with a status instead of content: not found, post not found. */
export function StatusPage({
  code,
  title,
  text,
  children,
}: {
  code?: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      {code ? (
        <p className="mb-4 text-sm font-semibold tracking-widest text-coral-700 uppercase">
          {code}
        </p>
      ) : null}
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-ink-600">{text}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}
