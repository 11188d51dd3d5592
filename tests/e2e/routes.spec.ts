import {
  expect,
  failedResource,
  faq,
  h1Of,
  htmlAttributes,
  languages,
  type Lang,
  pageTitle,
  post,
  slugs,
  t,
  test,
  testimonials,
  waitForHydration,
} from "./fixtures.ts";

const publicPages: { path: string; h1: (lang: Lang) => string | Promise<string> }[] = [
  { path: "/", h1: (lang) => t(lang, "hero.title") },
  { path: "/contact", h1: (lang) => t(lang, "contact.title") },
  { path: "/blog", h1: (lang) => t(lang, "blog.title") },
  ...slugs.map((slug) => ({
    path: `/blog/${slug}`,
    h1: async (lang: Lang) => (await post(slug, lang)).title,
  })),
  { path: "/register/model", h1: (lang) => t(lang, "preselection.title") },
  { path: "/permission-denied", h1: (lang) => t(lang, "permissionDenied.title") },
];

test.describe("every public route", () => {
  for (const { path, h1 } of publicPages) {
    test(`${path} renders on the server in every language and hydrates`, async ({
      page,
      request,
    }) => {
      // The headings first: an article's are read from a migrated database of the test's own,
      // which can take longer than the server keeps an idle connection open (ECONNRESET).
      const headings = new Map<Lang, string>();
      for (const lang of languages) headings.set(lang, await h1(lang));
      for (const lang of languages) {
        const response = await request.get(`${path}?lang=${lang}`);
        expect(response.status(), `${path}?lang=${lang}`).toBe(200);
        expect(response.headers()["content-type"]).toContain("text/html");
        const html = await response.text();
        expect(htmlAttributes(html), `${path}?lang=${lang}`).toEqual({ lang, dir: "ltr" });
        expect(h1Of(html), `${path}?lang=${lang}`).toBe(headings.get(lang));
      }

      const response = await page.goto(`${path}?lang=pt`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.locator("h1")).toHaveText(headings.get("pt")!);
      await expect(page.locator("html")).toHaveAttribute("lang", "pt");
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    });
  }
});

test.describe("home page", () => {
  test("has the services, testimonials, FAQ, blog teaser and pre-selection sections", async ({
    page,
  }) => {
    await page.goto("/?lang=pt");
    for (const id of ["services", "testimonials", "faq", "blog", "preselection"]) {
      await expect(page.locator(`section#${id}`), `section #${id}`).toHaveCount(1);
    }
    const services = ["strategy", "content", "marketing", "engagement", "privacy", "coaching"];
    await expect(page.locator("#services li")).toHaveCount(6);
    await expect(page.locator("#services li h3")).toHaveText(
      services.map((key) => t("pt", `services.${key}.title`)),
    );
    await expect(page.locator("#testimonials li")).toHaveCount(3);
    await expect(page.locator("#testimonials blockquote")).toHaveText(
      (await testimonials("pt")).map((testimonial) => testimonial.quote),
    );
    await expect(page.locator("#faq ul > li")).toHaveCount(6);
    await expect(page.locator("#faq ul > li summary")).toHaveText(
      (await faq("pt")).map((item) => item.question),
    );
    // The teaser shows the three newest posts.
    await expect(page.locator("#blog ul > li")).toHaveCount(3);
    const newest = [
      "turning-followers-into-paying-fans",
      "common-beginner-mistakes",
      "5-tips-to-increase-subscriptions",
    ] as const;
    await expect(page.locator("#blog ul > li h3")).toHaveText(
      await Promise.all(newest.map(async (slug) => (await post(slug, "pt")).title)),
    );
    await expect(page.locator("#preselection form")).toHaveCount(1);
  });

  test("the FAQ opens one answer at a time, by pointer and by keyboard", async ({ page }) => {
    await page.goto("/?lang=pt");
    await waitForHydration(page);
    const items = page.locator("#faq details");
    const summaries = items.locator("summary");
    const answer = (index: number) => items.nth(index).locator("p");
    await expect(items).toHaveCount(6);
    await expect(answer(0)).toBeHidden();

    await summaries.nth(0).click();
    await expect(answer(0)).toBeVisible();
    await expect(answer(0)).toHaveText((await faq("pt"))[0]!.answer);

    await summaries.nth(1).click();
    await expect(answer(1)).toBeVisible();
    await expect(answer(0)).toBeHidden();
    await expect(page.locator("#faq details[open]")).toHaveCount(1);

    await summaries.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(answer(2)).toBeVisible();
    await expect(answer(1)).toBeHidden();

    await page.keyboard.press("Tab");
    await expect(summaries.nth(3)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(answer(3)).toBeVisible();
    await expect(answer(2)).toBeHidden();
    await expect(page.locator("#faq details[open]")).toHaveCount(1);

    await page.keyboard.press("Enter");
    await expect(answer(3)).toBeHidden();
    await expect(page.locator("#faq details[open]")).toHaveCount(0);
  });

  test("its title is the agency name and the tagline, in every language", async ({ page }) => {
    for (const lang of languages) {
      await page.goto(`/?lang=${lang}`);
      await expect(page).toHaveTitle(`Maré Talent | ${t(lang, "meta.tagline")}`);
    }
  });
});

test.describe("navigation bar and footer", () => {
  const mainNavigation = t("pt", "a11y.mainNavigation");

  for (const path of ["/", "/contact", "/blog", `/blog/${slugs[0]}`, "/no-such-page"]) {
    test(`are shown on ${path}`, async ({ page, browserErrors }) => {
      browserErrors.allow(failedResource(404));
      await page.goto(`${path}?lang=pt`);
      await waitForHydration(page);
      await expect(page.getByRole("navigation", { name: mainNavigation })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("link", { name: t("pt", "a11y.skipToContent") })).toHaveCount(1);
    });
  }

  for (const path of ["/register/model", "/permission-denied"]) {
    test(`are absent from ${path}`, async ({ page }) => {
      await page.goto(`${path}?lang=pt`);
      await waitForHydration(page);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator("nav")).toHaveCount(0);
      await expect(page.locator("footer")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Facebook" })).toHaveCount(0);
    });
  }

  test("the footer copyright shows the current year", async ({ page }) => {
    const year = new Date().getFullYear();
    for (const lang of ["pt", "en"] as const) {
      await page.goto(`/blog?lang=${lang}`);
      await waitForHydration(page);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(t(lang, "footer.copyright", { year }));
      await expect(footer).toContainText(String(year));
    }
  });
});

test.describe("search engines", () => {
  for (const slug of slugs) {
    test(`blog post ${slug} has canonical, Open Graph, description and Article JSON-LD`, async ({
      page,
      request,
      baseURL,
    }) => {
      const lang = "en";
      const text = await post(slug, lang);
      const canonical = `${baseURL}/blog/${slug}?lang=${lang}`;

      // In the server HTML, for crawlers that run no script.
      const html = await (await request.get(`/blog/${slug}?lang=${lang}`)).text();
      expect(html).toMatch(/<link[^>]*rel="canonical"/);
      expect(html).toContain('type="application/ld+json"');

      await page.goto(`/blog/${slug}?lang=${lang}`);
      await waitForHydration(page);
      await expect(page).toHaveTitle(pageTitle(text.title));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        "content",
        pageTitle(text.title),
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        text.description,
      );
      for (const alternate of languages) {
        await expect(
          page.locator(`link[rel="alternate"][hreflang="${alternate}"]`),
        ).toHaveAttribute("href", `${baseURL}/blog/${slug}?lang=${alternate}`);
      }

      const jsonLd = page.locator('script[type="application/ld+json"]');
      await expect(jsonLd).toHaveCount(1);
      const article = JSON.parse((await jsonLd.textContent()) ?? "") as Record<string, unknown>;
      expect(article).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Article",
        headline: text.title,
        description: text.description,
        inLanguage: lang,
        mainEntityOfPage: canonical,
      });
    });
  }

  test("sitemap.xml lists every page and post with hreflang alternates", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const paths = [
      "/",
      "/blog",
      "/contact",
      "/register/model",
      "/privacy",
      ...slugs.map((s) => `/blog/${s}`),
    ];
    expect(xml.match(/<url>/g)).toHaveLength(paths.length * languages.length);
    for (const path of paths) {
      for (const lang of languages) {
        expect(xml).toContain(`<loc>${baseURL}${path}?lang=${lang}</loc>`);
        expect(xml).toContain(
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${baseURL}${path}?lang=${lang}"/>`,
        );
      }
      expect(xml).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}${path}"/>`,
      );
    }
  });

  test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    expect(await response.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
