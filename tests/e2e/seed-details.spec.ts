import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { startLocalGoogle } from "../local-google.ts";
import {
  decodeEntities,
  expect,
  languages,
  pageTitle,
  post,
  slugs,
  t,
  test as base,
  waitForHydration,
  type Lang,
} from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The last details of the spec and what outside checkers found (issue 17), in Portuguese and
 * English: the navigation's affiliate link and call to action, the 'Falha ao sair' and 'Falha no
 * login com Google' toasts, page titles, unique ids, the share image's description, the blog's
 * separators and typed text inputs.
 */

// The file's own server signs in with a local Google (a real OpenID Connect server).
const test = base.extend<object, { localGoogle: Awaited<ReturnType<typeof startLocalGoogle>> }>({
  localGoogle: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const localGoogle = await startLocalGoogle();
      await use(localGoogle);
      await localGoogle.stop();
    },
    { scope: "worker" },
  ],
  serverEnv: async ({ localGoogle }, use) => {
    await use({
      GOOGLE_ISSUER: localGoogle.issuer,
      GOOGLE_CLIENT_ID: "mare-e2e-client",
      GOOGLE_CLIENT_SECRET: "mare-e2e-secret",
    });
  },
});

// Each test goes through many pages; the machine may be busy with other runs.
test.describe.configure({ timeout: paced(90_000) });

const bilingual: Lang[] = ["pt", "en"];
const toast = (page: Page) => page.getByRole("region").locator("ol > li");

test.describe("navigation bar and footer", () => {
  for (const lang of bilingual) {
    test(`link to the affiliate sign-up and call pre-selection by the spec's name (${lang})`, async ({
      page,
    }) => {
      await page.goto(`/blog?lang=${lang}`);
      await waitForHydration(page);
      const main = page.getByRole("navigation", { name: t(lang, "a11y.mainNavigation") }).first();
      const footer = page.getByRole("navigation", { name: t(lang, "a11y.footerNavigation") });
      for (const area of [main, footer]) {
        await expect(area.getByRole("link", { name: t(lang, "nav.affiliate") })).toHaveAttribute(
          "href",
          "/register/affiliate",
        );
      }
      const cta = page.getByRole("banner").locator('a[href="/register/model"]').first();
      await expect(cta).toHaveText(t(lang, "nav.preselection"));
      if (lang === "pt") {
        expect(t("pt", "nav.preselection")).toBe("Pré-seleção");
        expect(t("pt", "nav.affiliate")).toBe("Seja afiliado");
      } else {
        expect(t("en", "nav.affiliate")).toBe("Become an affiliate");
      }

      await waitForHydration(page, "header");
      await main.getByRole("link", { name: t(lang, "nav.affiliate") }).click();
      await expect(page).toHaveURL(/\/register\/affiliate$/);
      await expect(page.locator("h1")).toHaveText(t(lang, "auth.affiliate.title"));
    });
  }

  test("the bar fits on one line in every language from 1280 px; narrower, the menu has it", async ({
    page,
  }) => {
    for (const width of [1280, 1536]) {
      await page.setViewportSize({ width, height: 720 });
      for (const lang of languages) {
        await page.goto(`/?lang=${lang}`);
        const bar = await page.locator(".site-header-bar").evaluate((element) => {
          const box = (el: Element | null | undefined) => el!.getBoundingClientRect();
          const nav = element.querySelector("nav")!;
          return {
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            logoRight: box(element.firstElementChild).right,
            navLeft: box(nav).left,
            navRight: box(nav).right,
            controlsLeft: box(nav.nextElementSibling).left,
            tallest: Math.max(...[...nav.querySelectorAll("a")].map((a) => box(a).height)),
          };
        });
        const label = `${lang} at ${width} px`;
        expect(bar.overflow, label).toBeLessThanOrEqual(0);
        expect(bar.navLeft, label).toBeGreaterThan(bar.logoRight);
        expect(bar.navRight, label).toBeLessThan(bar.controlsLeft);
        expect(bar.tallest, `${label}: a link on two lines`).toBeLessThan(44);
      }
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    for (const lang of bilingual) {
      await page.goto(`/?lang=${lang}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);
      await waitForHydration(page, "header");
      await page.getByRole("button", { name: t(lang, "a11y.openMenu") }).click();
      await expect(
        page.locator("#mobile-menu").getByRole("link", { name: t(lang, "nav.affiliate") }),
      ).toBeVisible();
    }
  });
});

test.describe("a failed sign-out", () => {
  for (const lang of bilingual) {
    test(`shows 'Falha ao sair' and leaves her signed in when the server cannot be reached (${lang})`, async ({
      app,
      page,
      browserErrors,
    }) => {
      browserErrors.allow(/ERR_CONNECTION_REFUSED|ERR_FAILED/);
      await app.signIn(page, "model", { lang });
      await page.route(`${app.origin}/logout`, (route) => route.abort("connectionrefused"));

      await page.getByText(t(lang, "account.dashboard"), { exact: true }).click();
      await page.getByRole("button", { name: t(lang, "account.logout") }).click();
      await expect(toast(page)).toContainText(t(lang, "account.logoutFailedTitle"));
      await expect(toast(page)).toContainText(t(lang, "account.logoutOffline"));
      if (lang === "pt") expect(t("pt", "account.logoutFailedTitle")).toBe("Falha ao sair");
      // Not a silent trip home: she is where she was, and still signed in after a reload.
      await expect(page).toHaveURL(`${app.origin}/dashboard/model?lang=${lang}`);
      await page.reload();
      await expect(page).toHaveURL(`${app.origin}/dashboard/model?lang=${lang}`);

      // Once the server answers again, the same button signs her out.
      await page.unroute(`${app.origin}/logout`);
      await waitForHydration(page);
      await page.getByText(t(lang, "account.dashboard"), { exact: true }).click();
      await page.getByRole("button", { name: t(lang, "account.logout") }).click();
      await expect(page).toHaveURL(`${app.origin}/`);
      await page.goto(`${app.origin}/dashboard/model`);
      await expect(page).toHaveURL(/\/login\?redirect=/);
    });
  }
});

test.describe("a Google sign-in the provider refused", () => {
  test.describe.configure({ mode: "serial" });

  for (const lang of bilingual) {
    test(`shows the provider's message after a prefix of ours (${lang})`, async ({
      app,
      localGoogle,
      page,
    }) => {
      localGoogle.signInAs({
        sub: `refused-${lang}`,
        email: `refused.${lang}@example.com`,
        name: "R",
      });
      localGoogle.refuseNext("access_denied", "The user has denied your application access.");
      await page.goto(`${app.origin}/login?lang=${lang}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: t(lang, "auth.google") }).click();
      await expect(page).toHaveURL(/\/login\?error=access_denied&error_description=/);
      await expect(toast(page)).toContainText(t(lang, "auth.googleFailedTitle"));
      await expect(toast(page)).toContainText(
        t(lang, "auth.googleSaid", { message: "The user has denied your application access." }),
      );
      if (lang === "pt")
        expect(t("pt", "auth.googleFailedTitle")).toBe("Falha no login com Google");
    });
  }

  test("markup and control characters in the provider's message are shown as inert text", async ({
    app,
    localGoogle,
    page,
  }) => {
    const lang: Lang = "en";
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const hostile =
      '<img src="/x.png" onerror="window.__injected=1;alert(1)"><script>window.__injected=2</script>' +
      "<b>bold</b>\u0007\u0000\r\n\u202eLigue 0800\u202c" +
      "z".repeat(300);
    localGoogle.signInAs({ sub: "hostile", email: "hostile@example.com", name: "H" });
    localGoogle.refuseNext("access_denied", hostile);
    await page.goto(`${app.origin}/login?lang=${lang}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t(lang, "auth.google") }).click();

    const shown = toast(page);
    await expect(shown).toContainText(t(lang, "auth.googleFailedTitle"));
    const expected =
      '<img src="/x.png" onerror="window.__injected=1;alert(1)"><script>window.__injected=2</script>' +
      "<b>bold</b> Ligue 0800 ";
    const description = shown.locator("div > div").nth(1);
    await expect(description).toContainText(expected);
    const text = (await description.textContent())!;
    // One line, no control or direction characters, cut with an ellipsis inside the prefix.
    expect(text).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
    expect(text).toMatch(/z…”$/);
    expect([...text].length).toBeLessThan(200 + t(lang, "auth.googleSaid").length);
    // Nothing of it became an element or ran.
    await expect(shown.locator("img, script, b")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBe(
      undefined,
    );
    expect(dialogs).toBe(0);
  });

  test("a link someone else wrote shows the fixed message, never their words", async ({
    app,
    page,
  }) => {
    for (const lang of bilingual) {
      const words = "Sua conta foi bloqueada. Ligue para +55 48 0000-0000.";
      const forged = new URLSearchParams({ error: "access_denied", error_description: words });
      await page.goto(`${app.origin}/login?lang=${lang}&${forged}`);
      await waitForHydration(page);
      await expect(toast(page)).toContainText(t(lang, "auth.googleFailed"));
      await expect(toast(page)).not.toContainText("Ligue");
    }
  });
});

const privacyTitle = (lang: Lang) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../app/features/privacy/content/${lang}.json`, import.meta.url),
        "utf8",
      ),
    ) as { title: string }
  ).title;

/** The titles of issue 17's check, in both languages: printed for the closing note. */
const titleList: string[] = [];

test.describe("page titles", () => {
  type TitleCase = [path: string, title: (lang: Lang) => string | Promise<string>];
  const publicTitles: TitleCase[] = [
    ["/", (lang) => `Maré Talent | ${t(lang, "meta.tagline")}`],
    ["/contact", (lang) => pageTitle(t(lang, "meta.contactTitle"))],
    ["/blog", (lang) => pageTitle(t(lang, "meta.blogTitle"))],
    ...slugs.map((slug): TitleCase => [
      `/blog/${slug}`,
      async (lang) => pageTitle((await post(slug, lang)).title),
    ]),
    ["/blog/no-such-article", (lang) => pageTitle(t(lang, "blog.postNotFoundTitle"))],
    ["/privacy", (lang) => pageTitle(privacyTitle(lang))],
    ["/privacy/request", (lang) => pageTitle(t(lang, "privacy.request.title"))],
    ["/privacy/confirm", (lang) => pageTitle(t(lang, "privacy.confirm.title"))],
    ["/register/model", (lang) => pageTitle(t(lang, "meta.registerModelTitle"))],
    ["/register/affiliate", (lang) => pageTitle(t(lang, "meta.registerAffiliateTitle"))],
    ["/login", (lang) => pageTitle(t(lang, "meta.loginTitle"))],
    ["/forgot-password", (lang) => pageTitle(t(lang, "meta.forgotPasswordTitle"))],
    ["/password-reset#access_token=x", (lang) => pageTitle(t(lang, "meta.passwordResetTitle"))],
    ["/permission-denied", (lang) => pageTitle(t(lang, "meta.permissionDeniedTitle"))],
    ["/no-such-page", (lang) => pageTitle(t(lang, "meta.notFoundTitle"))],
  ];

  test("every public page: 'Maré Talent | tagline' at home, 'Page | Maré Talent' inside", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 404/);
    for (const lang of bilingual) {
      for (const [path, title] of publicTitles) {
        const [pathname, hash] = path.split("#");
        await page.goto(`${pathname}?lang=${lang}${hash ? `#${hash}` : ""}`);
        await expect(page, `${path} in ${lang}`).toHaveTitle(await title(lang));
        titleList.push(`${lang} ${path}: ${await page.title()}`);
      }
    }
    expect(t("pt", "meta.tagline")).toBe("Sua carreira de sucesso começa aqui");
  });

  // A key, or the keys of a screen and of the area it is part of ("Outbox · E-mail").
  const signedIn: [role: "model" | "affiliate" | "admin", path: string, key: string | string[]][] =
    [
      ["model", "/dashboard/model", "dashboard.title"],
      ["model", "/account/security", "security.title"],
      ["affiliate", "/portal", "portal.title"],
      ["admin", "/admin/dashboard", "admin.dashboard.title"],
      ["admin", "/admin/cadastros", "admin.nav.all"],
      ["admin", "/admin/pendentes", "admin.nav.pending"],
      ["admin", "/admin/aprovados", "admin.nav.approved"],
      ["admin", "/admin/reprovados", "admin.nav.rejected"],
      ["admin", "/admin/afiliados", "admin.affiliates.title"],
      ["admin", "/admin/analytics", "admin.analytics.title"],
      ["admin", "/admin/email/smtp", ["admin.email.tabs.smtp", "admin.email.title"]],
      ["admin", "/admin/email/templates", ["admin.email.tabs.templates", "admin.email.title"]],
      ["admin", "/admin/email/whatsapp", ["admin.email.tabs.whatsapp", "admin.email.title"]],
      ["admin", "/admin/email/contact", ["admin.email.tabs.contact", "admin.email.title"]],
      ["admin", "/admin/email/reasons", ["admin.email.tabs.reasons", "admin.email.title"]],
      ["admin", "/admin/email/outbox", ["admin.email.tabs.outbox", "admin.email.title"]],
      ["admin", "/admin/production-checklist", "admin.checklist.title"],
      ["admin", "/admin/auth-report", "admin.authReport.title"],
      ["admin", "/admin/access-report", "admin.accessReport.title"],
      ["admin", "/admin/tech-report", "admin.tech.title"],
      ["admin", "/admin/users", "admin.users.title"],
      ["admin", "/admin/privacy", "admin.privacy.title"],
      ["admin", "/admin/blog", "admin.blog.title"],
      ["admin", "/admin/content", "admin.content.title"],
    ];

  test("every signed-in screen: 'Screen | Maré Talent'", async ({ app, browser }) => {
    test.setTimeout(paced(120_000));
    for (const role of ["model", "affiliate", "admin"] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await app.signIn(page, role);
      for (const lang of bilingual) {
        for (const [, path, key] of signedIn.filter(([who]) => who === role)) {
          await page.goto(`${app.origin}${path}?lang=${lang}`);
          const title = [key].flat().map((part) => t(lang, part));
          await expect(page, `${path} in ${lang}`).toHaveTitle(pageTitle(title.join(" · ")));
          titleList.push(`${lang} ${path}: ${await page.title()}`);
        }
      }
      await context.close();
    }
  });

  test.afterAll(() => {
    if (titleList.length) console.log(`Page titles:\n${titleList.sort().join("\n")}`);
  });
});

/** Every id of the page as it is now, with how many elements carry it when more than one. */
async function duplicateIds(page: Page) {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]")) {
      counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    }
    return [...counts].filter(([, count]) => count > 1);
  });
}

test.describe("ids", () => {
  for (const lang of bilingual) {
    test(`are unique on the key pages in every state checked (${lang})`, async ({ page }) => {
      const pages = [
        "/",
        "/contact",
        "/blog",
        `/blog/${slugs[0]}`,
        "/login",
        "/register/model",
        "/register/affiliate",
        "/forgot-password",
      ];
      for (const path of pages) {
        await page.goto(`${path}?lang=${lang}`);
        await waitForHydration(page);
        expect(await duplicateIds(page), path).toEqual([]);
      }

      // The home page with its form sent empty (every field's error shown) and the menu open.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/?lang=${lang}`);
      await waitForHydration(page);
      await page.locator("#preselection").scrollIntoViewIfNeeded();
      await waitForHydration(page, "#preselection form");
      await page.locator('#preselection button[type="submit"]').click();
      await expect(page.locator("#fullName")).toHaveAttribute("aria-invalid", "true");
      await waitForHydration(page, "header");
      await page.getByRole("button", { name: t(lang, "a11y.openMenu") }).click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
      expect(await duplicateIds(page), "home, form errors and menu").toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });

      // The contact page with the chat open: its dialog is named by its own title.
      await page.goto(`/contact?lang=${lang}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      expect(await duplicateIds(page), "contact with the chat open").toEqual([]);
      const titleId = (await dialog.getAttribute("aria-labelledby"))!;
      await expect(dialog.locator(`[id="${titleId}"]`)).toHaveText(t(lang, "chatbot.title"));
      await expect(dialog).toHaveAccessibleName(t(lang, "chatbot.title"));
      const subtitleId = (await dialog.getAttribute("aria-describedby"))!;
      await expect(dialog.locator(`[id="${subtitleId}"]`)).toHaveCount(1);
      // The page's own section keeps its heading as its name.
      const section = page.locator("section", { has: page.locator("#contact-chat-title") });
      await expect(section).toHaveAttribute("aria-labelledby", "contact-chat-title");
    });
  }
});

/** The meta tags' content of raw server HTML. */
function metaContent(html: string, attribute: "property" | "name", name: string) {
  const found = [...html.matchAll(/<meta\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`${attribute}="${name}"`))
    .map((tag) => decodeEntities(/\scontent="([^"]*)"/.exec(tag)?.[1] ?? ""));
  return found;
}

test.describe("the share image's description", () => {
  for (const lang of bilingual) {
    test(`is on every public page, for Open Graph and X alike (${lang})`, async ({ request }) => {
      const pages = [
        "/",
        "/contact",
        "/blog",
        "/privacy",
        "/privacy/request",
        "/register/model",
        "/register/affiliate",
        "/login",
        "/forgot-password",
      ];
      for (const path of pages) {
        const html = await (await request.get(`${path}?lang=${lang}`)).text();
        const alt = t(lang, "meta.shareImageAlt");
        expect(metaContent(html, "property", "og:image:alt"), path).toEqual([alt]);
        expect(metaContent(html, "name", "twitter:image:alt"), path).toEqual([alt]);
        expect(metaContent(html, "property", "og:image"), path).toHaveLength(1);
      }
    });

    test(`an article's describes its own cover (${lang})`, async ({ request }) => {
      for (const slug of slugs) {
        const { title } = await post(slug, lang);
        const html = await (await request.get(`/blog/${slug}?lang=${lang}`)).text();
        const main = html.slice(html.indexOf("<main"));
        const cover = /<picture>[\s\S]*?<img\b[^>]*\salt="([^"]*)"/.exec(main);
        expect(cover, `${slug}: a cover`).not.toBeNull();
        const expected = decodeEntities(cover![1]!) || t(lang, "meta.coverImageAlt", { title });
        expect(metaContent(html, "property", "og:image:alt"), slug).toEqual([expected]);
        expect(metaContent(html, "name", "twitter:image:alt"), slug).toEqual([expected]);
      }
    });
  }
});

test.describe("the separators between category, date and reading time", () => {
  for (const lang of bilingual) {
    test(`stand out at 3:1 or more on the blog and an article (${lang})`, async ({ page }) => {
      for (const path of ["/blog", `/blog/${slugs[1]}`]) {
        await page.goto(`${path}?lang=${lang}`);
        const separators = page.locator("main p > span[aria-hidden]", { hasText: "•" });
        expect(await separators.count(), path).toBeGreaterThan(0);
        const ratios = await separators.evaluateAll((marks) => {
          const parse = (color: string) => {
            const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
            return { r, g, b, a };
          };
          const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
            const channel = (v: number) => {
              const s = v / 255;
              return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
            };
            return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
          };
          // The colour behind an element: its ancestors' backgrounds laid over white.
          const background = (element: Element) => {
            const layers = [];
            for (let node: Element | null = element; node; node = node.parentElement) {
              const color = parse(getComputedStyle(node).backgroundColor);
              if (color.a > 0) layers.push(color);
              if (color.a >= 1) break;
            }
            let base = { r: 255, g: 255, b: 255 };
            for (const layer of layers.reverse()) {
              base = {
                r: layer.r * layer.a + base.r * (1 - layer.a),
                g: layer.g * layer.a + base.g * (1 - layer.a),
                b: layer.b * layer.a + base.b * (1 - layer.a),
              };
            }
            return base;
          };
          return marks.map((mark) => {
            const fg = luminance(parse(getComputedStyle(mark).color));
            const bg = luminance(background(mark));
            return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
          });
        });
        for (const ratio of ratios) expect(ratio, path).toBeGreaterThanOrEqual(3);
      }
    });
  }
});

test.describe("text inputs", () => {
  for (const lang of bilingual) {
    test(`all say their type, so the autofill hint is read (${lang})`, async ({ page }) => {
      for (const path of [
        "/",
        "/register/model",
        "/register/affiliate",
        "/login",
        "/privacy/request",
      ]) {
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.locator("input:not([type])"), path).toHaveCount(0);
        const named = page.locator('input[autocomplete="name"]');
        for (const input of await named.all()) await expect(input).toHaveAttribute("type", "text");
      }
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('#preselection input[autocomplete="name"]')).toHaveAttribute(
        "type",
        "text",
      );
      // The chat's answers too.
      await page.goto(`/contact?lang=${lang}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: t(lang, "contact.chatStart") }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.locator("input:not([type])")).toHaveCount(0);
    });
  }
});
