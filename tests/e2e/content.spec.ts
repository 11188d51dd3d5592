import path from "node:path";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./axe.ts";
import { expect, faq, sentFormText, t, test, waitForHydration } from "./fixtures.ts";
import { root } from "./own-server.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The agency publishes alone (issue 16): an editor writes an article in Portuguese and English
 * with a cover, previews it, publishes the English now and schedules the Portuguese for the next
 * minute; a visitor finds each on the blog, in the sitemap and in the feed when it is due. She
 * reorders the FAQ and the home page follows. Axe on every content screen, phone and desktop.
 */

// On the worker's server: its articles carry a stamp of their own, and the FAQ's order is put
// back as it was found.

const COVER = path.join(root, "public/images/og-default.jpg");
const stamp = Date.now().toString(36);

async function fillArticle(page: Page, lang: "pt" | "en", texts: Record<string, string>) {
  await page.getByLabel(t(lang, "admin.blog.fields.category")).fill(texts.category!);
  await page.getByLabel(t(lang, "admin.blog.fields.excerpt")).fill(texts.excerpt!);
  await page.getByLabel(t(lang, "admin.blog.fields.description")).fill(texts.description!);
  const body = page.getByRole("textbox", { name: t(lang, "admin.blog.fields.body") });
  await body.click();
  await page.keyboard.type(texts.intro!);
  await page.keyboard.press("Enter");
  const heading2 = page.getByRole("button", {
    name: t(lang, "admin.blog.toolbar.heading2"),
    exact: true,
  });
  await heading2.click();
  // What she sees before she types the heading: the button on, the caret in a heading.
  await expect(heading2).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(texts.heading!);
  await expect(body.getByRole("heading", { level: 2, name: texts.heading! })).toBeVisible();
  await page.keyboard.press("Enter");
  // The save that carries the last words, not an earlier one the status may still name.
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      response.status() === 200 &&
      sentFormText(response.request().postData()).includes(texts.paragraph!),
    { timeout: paced(20_000) },
  );
  await page.keyboard.type(texts.paragraph!);
  await stored;
  await expect(page.getByRole("status").first()).toContainText(
    t(lang, "admin.blog.status.savedAt", { time: "" }).trim(),
    { timeout: paced(10_000) },
  );
}

/** The agency's clock a minute or two ahead, as the schedule field takes it (Brasília, UTC−3). */
function nextMinuteInBrasilia() {
  const at = new Date(Date.now() + 60_000);
  at.setUTCSeconds(0, 0);
  if (at.getTime() - Date.now() < 40_000) at.setUTCMinutes(at.getUTCMinutes() + 1);
  const local = new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
  return { at, local };
}

// The scheduled article's minute comes by the server's clock, moved (server-fixture.ts), not
// waited for: a minute or two of CI each run.
test.use({ movableClock: true });

test.describe("content", () => {
  test.describe.configure({ mode: "serial" });

  test("an editor writes, previews, publishes and schedules an article in two languages", async ({
    app,
    page,
    request,
  }) => {
    test.setTimeout(paced(180_000));
    await app.signIn(page, "editor", { lang: "pt" });
    await expect(page).toHaveURL(`${app.origin}/admin/blog?lang=pt`);
    // An editor sees the content screens only.
    const nav = page.getByRole("navigation", { name: t("pt", "admin.nav.label") });
    await expect(nav.getByRole("link")).toHaveText([
      t("pt", "admin.blog.nav"),
      t("pt", "admin.content.nav"),
      t("pt", "admin.site.nav"),
    ]);

    const ptTitle = `Como planejar uma semana ${stamp}`;
    await page.locator("summary", { hasText: t("pt", "admin.blog.new") }).click();
    await page.getByLabel(t("pt", "admin.blog.fields.title")).fill(ptTitle);
    await page.getByRole("button", { name: t("pt", "admin.blog.create") }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/pt/);
    await waitForHydration(page);
    const editorUrl = page.url().split("?")[0]!;
    await page.getByLabel(t("pt", "admin.blog.uploadCover")).setInputFiles(COVER);
    await expect(page.locator("img[src^='/media/']")).toBeVisible({ timeout: paced(20_000) });
    await page.getByLabel(t("pt", "admin.blog.fields.coverAlt")).fill("Ondas do mar ao pôr do sol");
    await fillArticle(page, "pt", {
      category: "Crescimento",
      excerpt: "Uma rotina simples para planejar a semana inteira em uma tarde.",
      description: "Planeje uma semana de conteúdo em uma tarde: uma rotina simples.",
      intro: "Planejar economiza horas.",
      heading: "Escolha seus temas",
      paragraph: "Três temas bastam para começar.",
    });
    await expectAccessible(page, "the article editor (desktop)");

    // The preview is the public page's own rendering of the draft, framed in the public layout.
    await page.goto(`${editorUrl}/preview`);
    const framed = page.frameLocator("iframe");
    await expect(framed.getByRole("heading", { level: 1 })).toHaveText(ptTitle);
    await expect(
      framed.getByRole("heading", { level: 2, name: "Escolha seus temas" }),
    ).toBeVisible();
    await expect(framed.getByRole("img", { name: "Ondas do mar ao pôr do sol" })).toBeVisible();

    // The English translation, published now.
    await page.goto(editorUrl);
    await waitForHydration(page);
    await page.locator("summary", { hasText: t("pt", "admin.blog.addTranslation") }).click();
    await page.getByLabel(t("pt", "admin.blog.language"), { exact: true }).selectOption("en");
    // She writes this one herself (issue 27's copy from the Portuguese: blog-translations.spec).
    await page.getByRole("radio", { name: t("pt", "admin.blog.startEmpty") }).check();
    await page.locator("#new-title").fill(`How to plan a week ${stamp}`);
    await page.getByRole("button", { name: t("pt", "admin.blog.create") }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/en$/);
    await waitForHydration(page);
    await fillArticle(page, "pt", {
      category: "Growth",
      excerpt: "A simple routine to plan a whole week in one afternoon.",
      description: "Plan a week of content in one afternoon: a simple routine.",
      intro: "Planning saves hours.",
      heading: "Pick your themes",
      paragraph: "Three themes are enough to start.",
    });
    await page.getByRole("button", { name: t("pt", "admin.blog.publishNow") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("pt", "admin.blog.done.published"));
    const enSlug = `how-to-plan-a-week-${stamp}`;
    const blogEn = await request.get(`${app.origin}/blog?lang=en`);
    expect(await blogEn.text()).toContain(`How to plan a week ${stamp}`);

    // The Portuguese, scheduled a minute ahead: not public until then.
    await page.goto(editorUrl);
    await waitForHydration(page);
    const { at, local } = nextMinuteInBrasilia();
    await page.getByLabel(t("pt", "admin.blog.publishAt")).fill(local);
    await page.getByRole("button", { name: t("pt", "admin.blog.schedule") }).click();
    await expect(page.getByRole("status").first()).toHaveText(t("pt", "admin.blog.done.scheduled"));
    const ptSlug = `como-planejar-uma-semana-${stamp}`;
    expect((await request.get(`${app.origin}/blog/${ptSlug}?lang=pt`)).status()).toBe(404);
    // The English address, asked in Portuguese meanwhile: the languages it exists in.
    const elsewhere = await request.get(`${app.origin}/blog/${enSlug}?lang=pt`);
    expect(await elsewhere.text()).toContain(t("pt", "blog.otherLanguagesTitle"));

    // Due (the server's clock moved past its minute): on the blog, in the sitemap (with
    // lastmod) and in the feed, with no one touching it.
    app.moveClock(Math.ceil((at.getTime() - Date.now()) / 1000) + 5);
    await expect
      .poll(
        async () =>
          (await (await request.get(`${app.origin}/blog?lang=pt`)).text()).includes(ptTitle),
        { timeout: paced(20_000), intervals: [1_000] },
      )
      .toBe(true);
    const article = await request.get(`${app.origin}/blog/${ptSlug}?lang=pt`);
    expect(article.status()).toBe(200);
    const sitemap = await (await request.get(`${app.origin}/sitemap.xml`)).text();
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/blog/${ptSlug}\\?lang=pt</loc>\\s*<lastmod>`));
    expect(sitemap).toContain(`hreflang="en" href="${app.origin}/blog/${enSlug}?lang=en"`);
    const feed = await request.get(`${app.origin}/blog/feed.xml?lang=pt`);
    expect(feed.headers()["content-type"]).toContain("application/atom+xml");
    expect(await feed.text()).toContain(ptTitle);
  });

  test("the FAQ's new order is the home page's; every content screen passes axe at 390 and 1366 px", async ({
    app,
    page,
    browser,
  }) => {
    // Ten screens, each scanned twice: more than the default 30 s on a loaded machine.
    test.setTimeout(paced(90_000));
    await app.signIn(page, "editor", { lang: "pt" });
    await page.goto(`${app.origin}/admin/content?kind=faq&language=pt`);
    await waitForHydration(page);
    const [first, second] = await faq("pt");
    await page
      .getByRole("button", { name: `${t("pt", "admin.content.up")}: ${second!.question}` })
      .click();
    await expect(page.locator("#items-title ~ ol > li p.font-semibold").first()).toContainText(
      second!.question,
    );

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${app.origin}/?lang=pt`);
    await expect(visitor.locator("#faq summary").first()).toHaveText(second!.question);
    await expect(visitor.locator("#faq summary").nth(1)).toHaveText(first!.question);
    // Moved back: the home page is as the other specs of this server expect it.
    await page
      .getByRole("button", { name: `${t("pt", "admin.content.up")}: ${first!.question}` })
      .click();
    await expect(page.locator("#items-title ~ ol > li p.font-semibold").first()).toContainText(
      first!.question,
    );
    await visitor.reload();
    await expect(visitor.locator("#faq summary").first()).toHaveText(first!.question);

    // Every content screen, at a phone's width and a desktop's: the lists, the editor with its
    // toolbar, an article's history and its preview.
    await page.goto(`${app.origin}/admin/blog`);
    const editor = await page
      .getByRole("link", { name: /./ })
      .filter({ has: page.locator("[lang=pt]") })
      .first()
      .getAttribute("href");
    for (const size of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(size);
      for (const [label, url] of [
        ["FAQ and testimonials", "/admin/content?kind=testimonial&language=en"],
        ["the articles", "/admin/blog"],
        ["the editor", editor!],
        ["the history", `${editor}/history`],
        ["the preview", `${editor}/preview`],
        ["the previewed page", `${editor}/preview/page`],
      ] as const) {
        await page.goto(`${app.origin}${url}`);
        await waitForHydration(page);
        // The preview frames the public page, a document of its own, checked as one just after.
        await expectAccessible(page, `${label} (${size.width} px)`, (axe) => axe.exclude("iframe"));
      }
    }
  });
});
