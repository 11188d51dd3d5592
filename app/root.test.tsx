import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "./i18n/i18n";
import en from "./i18n/locales/en.json";
import { ErrorBoundary } from "./root";

type Props = Parameters<typeof ErrorBoundary>[0];
const crash = new Error("connection string postgres://secret@db");

function render(error: unknown) {
  return renderToString(
    <I18nextProvider i18n={createI18n("en", en)}>
      <ErrorBoundary {...({ error, params: {} } as unknown as Props)} />
    </I18nextProvider>,
  );
}

describe("the error screen", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("keeps the title 'Unexpected Application Error!' and never shows the error in production", () => {
    vi.stubEnv("DEV", false);
    const html = render(crash);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain(en.error.text);
    expect(html).toContain("500");
    expect(html).not.toContain("postgres://");
    expect(html).not.toMatch(/\bat .+\(.+:\d+:\d+\)/);
  });

  it("shows the stack only while developing", () => {
    vi.stubEnv("DEV", true);
    expect(render(crash)).toContain("postgres://");
  });
});
