import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TranslationProvider } from "#app/i18n/translation.tsx";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { resources } from "#app/i18n/resources.server.ts";
import { ErrorBoundary } from "./root.tsx";

type Props = Parameters<typeof ErrorBoundary>[0];
const crash = new Error("connection string postgres://secret@db");

function render(error: unknown) {
  return renderToString(
    <TranslationProvider language="en" strings={resources.en}>
      <ErrorBoundary {...({ error, params: {} } as unknown as Props)} />
    </TranslationProvider>,
  );
}

describe("the error screen", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("keeps the title 'Unexpected Application Error!' and never shows the error in production", () => {
    vi.stubEnv("DEV", false);
    const html = render(crash);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain(getFixedT("en")("error.text"));
    expect(html).toContain("500");
    expect(html).not.toContain("postgres://");
    expect(html).not.toMatch(/\bat .+\(.+:\d+:\d+\)/);
  });

  it("shows the stack only while developing", () => {
    vi.stubEnv("DEV", true);
    expect(render(crash)).toContain("postgres://");
  });
});
