import {
  expect,
  failedResource,
  h1Of,
  htmlAttributes,
  isSameDocument,
  markDocument,
  pageTitle,
  t,
  test,
  waitForHydration,
} from "./fixtures.ts";

test.describe("unknown pages", () => {
  test("an unknown path answers 404 with the translated not-found page", async ({ request }) => {
    for (const lang of ["pt", "en", "de"] as const) {
      const response = await request.get(`/this/page/does-not-exist?lang=${lang}`);
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(htmlAttributes(html).lang).toBe(lang);
      expect(h1Of(html)).toBe(t(lang, "notFound.title"));
      expect(html).toContain(t(lang, "notFound.text"));
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  test("the not-found page hydrates and leads back home", async ({ page, browserErrors }) => {
    browserErrors.allow(failedResource(404));
    const response = await page.goto("/nothing-here?lang=pt");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page).toHaveTitle(pageTitle(t("pt", "meta.notFoundTitle")));
    await expect(page.locator("h1")).toHaveText(t("pt", "notFound.title"));
    await expect(page.getByText(t("pt", "notFound.code"))).toBeVisible();

    await page
      .getByRole("main")
      .getByRole("link", { name: t("pt", "notFound.home") })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toHaveText(t("pt", "hero.title"));
  });

  test("a client-side navigation to an unknown path shows the not-found page", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(failedResource(404));
    await page.goto("/permission-denied?lang=en");
    await waitForHydration(page);
    await markDocument(page);
    // No page links to a path that does not exist, so the router is asked directly, as a link
    // would ask it.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => unknown } }
      ).__reactRouterDataRouter.navigate("/no-such-page"),
    );
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.locator("h1")).toHaveText(t("en", "notFound.title"));
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe("unknown blog posts", () => {
  test("answer 404 with the post-not-found page, in English and in Portuguese", async ({
    request,
  }) => {
    const english = await request.get("/blog/does-not-exist?lang=en");
    expect(english.status()).toBe(404);
    const html = await english.text();
    // The wording of the spec's error catalogue (section 8).
    expect(h1Of(html)).toBe("Post not found");
    expect(html).toContain("The article you are looking for does not exist or has been moved.");
    expect(t("en", "blog.postNotFoundTitle")).toBe("Post not found");

    const portuguese = await request.get("/blog/does-not-exist?lang=pt");
    expect(portuguese.status()).toBe(404);
    const ptHtml = await portuguese.text();
    expect(htmlAttributes(ptHtml).lang).toBe("pt");
    expect(h1Of(ptHtml)).toBe(t("pt", "blog.postNotFoundTitle"));
    expect(ptHtml).toContain(t("pt", "blog.postNotFoundText"));
    expect(ptHtml).not.toContain("Post not found");
  });

  for (const lang of ["en", "pt"] as const) {
    test(`the back-to-blog link works (${lang})`, async ({ page, browserErrors }) => {
      browserErrors.allow(failedResource(404));
      const response = await page.goto(`/blog/does-not-exist?lang=${lang}`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page).toHaveTitle(pageTitle(t(lang, "blog.postNotFoundTitle")));
      await expect(page.locator("h1")).toHaveText(t(lang, "blog.postNotFoundTitle"));
      await expect(page.getByText(t(lang, "blog.postNotFoundText"))).toBeVisible();

      await page.getByRole("link", { name: t(lang, "blog.backToBlog") }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.locator("h1")).toHaveText(t(lang, "blog.title"));
      await expect(page.locator("main article")).toHaveCount(4);
    });
  }
});
