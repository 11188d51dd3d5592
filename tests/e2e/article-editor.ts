import type { Page } from "@playwright/test";
import { newArticle as newEnglishArticle } from "./articles.ts";
import { expectAccessible } from "./axe.ts";
import { slow3g } from "./first-tap.ts";
import {
  expect,
  failedResource,
  sentFormText,
  t,
  test,
  waitForHydration,
  type AppServer,
} from "./fixtures.ts";
import { paced } from "#app/test/pace.ts";

/**
 * The article editor as the agency's marketing person lives it (issue 27), run at a desktop's
 * 1366 px (article-editor.spec.ts) and a phone's 390 px (article-editor-mobile.spec.ts): the
 * first line she types is not under the toolbar, a dropped connection loses nothing and shows
 * no error page, a closed tab gives her words back, a link clicked right after typing waits for
 * the save, the preview shows what she just typed, and a refused publication says the draft is
 * saved and takes her to what is missing.
 *
 * Each test writes an article of its own, so the tests run in parallel beside other specs.
 */

const en = (key: string, vars?: Record<string, string | number>) => t("en", key, vars);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const body = (page: Page) => page.getByRole("textbox", { name: en("admin.blog.fields.body") });
const status = (page: Page) => page.locator(".body-toolbar [role=status]");
const savedText = en("admin.blog.status.savedAt", { time: "" }).trim();

async function expectSaved(page: Page) {
  await expect(status(page)).toContainText(savedText, { timeout: paced(15_000) });
}

/**
 * Types these words and waits for the save that carries them to be stored: the status alone may
 * still say "Saved" from a save of the words before, for the moment the page takes to re-render.
 */
async function typeAndSave(page: Page, words: string) {
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      response.status() === 200 &&
      sentFormText(response.request().postData()).includes(words),
    { timeout: paced(20_000) },
  );
  await page.keyboard.type(words);
  await stored;
  await expectSaved(page);
}

/** A new English draft, its editor ready to type in; returns its address. */
async function newArticle(page: Page, app: AppServer, title: string) {
  const editor = await newEnglishArticle(page, app, title);
  await expect(body(page)).toBeVisible();
  return editor;
}

/** Whether what is drawn at the caret is the editor's own text (not the toolbar over it). */
function caretIsVisible(page: Page) {
  return page.evaluate(() => {
    const selection = window.getSelection();
    if (!selection?.rangeCount) return "no caret";
    const range = selection.getRangeAt(0);
    const rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
    // An empty line has no rectangle of its own: its block's start stands in for it.
    const box =
      rect && rect.height > 0
        ? rect
        : (range.startContainer instanceof Element
            ? range.startContainer
            : range.startContainer.parentElement
          )?.getBoundingClientRect();
    if (!box) return "no box";
    const x = box.left + 1;
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight) return `caret off screen at ${Math.round(y)}`;
    const hit = document.elementFromPoint(x, y);
    const editor = document.querySelector(".body-editor-content");
    return hit && editor?.contains(hit)
      ? "visible"
      : `covered by ${hit?.className || hit?.tagName}`;
  });
}

/** What inside this card reaches past its edges (a control or a text too wide for it). */
function overflowing(page: Page, card: string) {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    if (!box) return [`no ${selector}`];
    return [...document.querySelectorAll(`${selector} *`)]
      .filter((element) => {
        const inner = element.getBoundingClientRect();
        return inner.width > 0 && (inner.left < box.left - 1 || inner.right > box.right + 1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  }, card);
}

export function articleEditorJourneys(width: number) {
  test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

  test(`at ${width} px the first line she types is not under the toolbar, which stays in view down a long article`, async ({
    app,
    page,
  }) => {
    test.setTimeout(paced(90_000));
    await app.signIn(page, "editor");
    await newArticle(page, app, `Toolbar ${unique()}`);
    await body(page).click();
    await page.keyboard.type("The first line");
    expect(await caretIsVisible(page)).toBe("visible");
    // Down a long article: the toolbar is at the top of the window, the caret still clear of it.
    for (let line = 0; line < 40; line++) {
      await page.keyboard.press("Enter");
      await page.keyboard.type(`Line ${line} of a long article`);
    }
    expect(await caretIsVisible(page)).toBe("visible");
    const box = await page.locator(".body-toolbar").boundingBox();
    expect(box && box.y >= -1 && box.y < 2, `toolbar at ${box?.y}`).toBe(true);
    await expect(
      page.getByRole("toolbar", { name: en("admin.blog.toolbar.label") }),
    ).toBeInViewport();
    // Nothing makes the page scroll sideways.
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectSaved(page);
    await expectAccessible(page, "the editor down a long article");
    // Nothing sticks out of the publishing card or the details beside the text.
    expect(await overflowing(page, "#publish-panel")).toEqual([]);
    expect(await overflowing(page, "section[aria-labelledby=details-title]")).toEqual([]);
    if (width >= 1024) {
      // The back office's sidebar shows its labels whole, in every language.
      for (const lang of ["pt", "es", "en", "it", "de", "sv"]) {
        await page.goto(`${app.origin}/admin/blog?lang=${lang}`);
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>(".admin-nav a")]
            .filter((link) => link.scrollWidth > link.clientWidth + 1)
            .map((link) => link.textContent),
        );
        expect(cut, `labels cut in ${lang}`).toEqual([]);
      }
    }
    if (width < 600) {
      // Phones from 360 to 412 px wide: the editor never scrolls sideways.
      for (const narrow of [360, 412]) {
        await page.setViewportSize({ width: narrow, height: 800 });
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
          `sideways scroll at ${narrow} px`,
        ).toBe(true);
        expect(await overflowing(page, "#publish-panel")).toEqual([]);
      }
    }
  });

  test(`at ${width} px a dropped connection keeps the editor and her words, and they are saved when it is back`, async ({
    app,
    page,
    context,
    browserErrors,
  }) => {
    test.setTimeout(paced(90_000));
    // The browser's own line for each request the dropped connection refused.
    browserErrors.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    await app.signIn(page, "editor");
    const editor = await newArticle(page, app, `Offline ${unique()}`);
    await body(page).click();
    await typeAndSave(page, "Written online.");

    await context.setOffline(true);
    await page.keyboard.type(" Written in the tunnel.");
    await expect(status(page)).toHaveText(en("admin.blog.status.offline"), {
      timeout: paced(10_000),
    });
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    await expect(body(page)).toContainText("Written online. Written in the tunnel.");
    await expectAccessible(page, "the editor with no connection");
    // She goes on typing: nothing is lost, nothing replaces the page.
    await page.keyboard.type(" Still typing.");
    await page.waitForTimeout(2_500);
    await expect(body(page)).toContainText("Written in the tunnel. Still typing.");

    await context.setOffline(false);
    await expectSaved(page);
    await page.goto(editor);
    await expect(body(page)).toContainText("Written online. Written in the tunnel. Still typing.");
  });

  test(`at ${width} px words typed offline in a tab that was then closed are offered back, and cleared once saved`, async ({
    app,
    page,
    context,
    browserErrors,
  }) => {
    test.setTimeout(paced(90_000));
    browserErrors.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    await app.signIn(page, "editor");
    const editor = await newArticle(page, app, `Crash ${unique()}`);
    await body(page).click();
    await typeAndSave(page, "Saved part.");
    await context.setOffline(true);
    // Nothing of what follows reaches the server, whatever the emulation lets through.
    await page.route("**/*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );
    await page.keyboard.type(" Only on this device.");
    await expect(status(page)).toHaveText(en("admin.blog.status.offline"), {
      timeout: paced(10_000),
    });
    // The tab is gone before the connection came back (a crash, a closed laptop).
    await page.close({ runBeforeUnload: false });
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto(editor);
    await waitForHydration(again);
    const offer = again.getByRole("region", { name: en("admin.blog.localCopy.title") });
    await expect(offer).toBeVisible();
    await expect(body(again)).toHaveText("Saved part.");
    await expectAccessible(again, "the editor offering a local copy back");
    await offer.getByRole("button", { name: en("admin.blog.localCopy.restore") }).click();
    await expect(body(again)).toHaveText("Saved part. Only on this device.");
    await expectSaved(again);
    await again.reload();
    await waitForHydration(again);
    await expect(body(again)).toHaveText("Saved part. Only on this device.");
    await expect(offer).toHaveCount(0);
  });

  test(`at ${width} px a link clicked 300 ms after typing waits for the save, and the preview shows what she just typed`, async ({
    app,
    page,
    context,
  }) => {
    test.setTimeout(paced(90_000));
    await app.signIn(page, "editor");
    const editor = await newArticle(page, app, `Leave ${unique()}`);
    await body(page).click();
    await typeAndSave(page, "First words.");

    // The preview, right after typing: the new tab reads the text as it now is.
    await page.keyboard.type(" Seen in the preview.");
    const popup = context.waitForEvent("page");
    await page.getByRole("link", { name: en("admin.blog.preview") }).click();
    const preview = await popup;
    // The preview shows the page in a frame of the public layout (blog-preview-page.tsx).
    await expect(preview.frameLocator("iframe").getByRole("article")).toContainText(
      "First words. Seen in the preview.",
    );
    await preview.close();

    await body(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" Typed just before leaving.");
    await page.waitForTimeout(300);
    await page.getByRole("link", { name: en("admin.blog.backToList") }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto(editor);
    await expect(body(page)).toContainText("Seen in the preview. Typed just before leaving.");
  });

  // A phone's journey only.
  if (width < 600)
    test(`at ${width} px on a slow phone (CPU 4×, slow 3G) a link tapped 300 ms after typing waits for the save`, async ({
      app,
      page,
      context,
    }) => {
      test.setTimeout(paced(120_000));
      await app.signIn(page, "editor");
      const editor = await newArticle(page, app, `Slow ${unique()}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", slow3g);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await body(page).click();
      await page.keyboard.type("Typed on the bus.");
      await page.waitForTimeout(300);
      await page.getByRole("link", { name: en("admin.blog.backToList") }).click();
      // The save goes first (two slow round trips), then the list.
      await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: paced(30_000) });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.send("Network.emulateNetworkConditions", {
        ...slow3g,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.goto(editor);
      await expect(body(page)).toHaveText("Typed on the bus.");
    });

  test(`at ${width} px leaving with no connection asks first, and staying keeps her on the page`, async ({
    app,
    page,
    context,
    browserErrors,
  }) => {
    test.setTimeout(paced(90_000));
    browserErrors.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    await app.signIn(page, "editor");
    await newArticle(page, app, `Ask ${unique()}`);
    await body(page).click();
    await typeAndSave(page, "Before.");
    await context.setOffline(true);
    await page.keyboard.type(" After.");
    await page.getByRole("link", { name: en("admin.blog.backToList") }).click();
    const dialog = page.getByRole("dialog", { name: en("admin.blog.unsaved.title") });
    await expect(dialog).toBeVisible({ timeout: paced(10_000) });
    await expectAccessible(page, "asked before leaving unsaved");
    await expect(dialog.getByRole("button", { name: en("admin.blog.unsaved.stay") })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/blog\/\d+\/en/);
    await expect(body(page)).toContainText("Before. After.");
    await context.setOffline(false);
    await expectSaved(page);
  });

  test(`at ${width} px what publishing needs is marked from the start, and a refused publication says the draft is saved and takes her to what is missing`, async ({
    app,
    page,
    browserErrors,
  }) => {
    test.setTimeout(paced(90_000));
    // The refusal's status, as the browser logs it.
    browserErrors.allow(failedResource(409));
    await app.signIn(page, "editor");
    await newArticle(page, app, `Needs ${unique()}`);
    const panel = page.getByRole("complementary", { name: en("admin.blog.publishing") });
    await expect(panel.getByText(en("admin.blog.needs.title"))).toBeVisible();
    for (const name of ["body", "category", "excerpt", "description"]) {
      await expect(
        panel.getByRole("button", { name: en(`admin.blog.fields.${name}`) }),
      ).toBeVisible();
    }
    await body(page).click();
    await page.keyboard.type("A body, nothing else.");
    await expect(panel.getByRole("button", { name: en("admin.blog.fields.body") })).toHaveCount(0);

    if (width < 600) {
      // On a phone the panel is below the text: the bar at the bottom takes her there.
      await page.getByRole("link", { name: en("admin.blog.goToPublishing") }).click();
      await expect(panel).toBeInViewport();
    }
    await panel.getByRole("button", { name: en("admin.blog.publishNow") }).click();
    const notice = panel.getByRole("alert");
    await expect(notice).toContainText(en("admin.blog.refused.missing_other", { count: 3 }));
    await expect(page.getByLabel(en("admin.blog.fields.category"))).toBeFocused();
    await expectAccessible(page, "a refused publication");
    await notice.getByRole("button", { name: en("admin.blog.fields.description") }).click();
    await expect(page.getByLabel(en("admin.blog.fields.description"))).toBeFocused();
    await page.keyboard.type("What search engines show.");
    await page.getByLabel(en("admin.blog.fields.category")).fill("Routine");
    await page.getByLabel(en("admin.blog.fields.excerpt")).fill("A short summary.");
    await expect(panel.getByText(en("admin.blog.needs.ready"))).toBeVisible();
    await panel.getByRole("button", { name: en("admin.blog.publishNow") }).click();
    await expect(status(page)).toHaveText(en("admin.blog.done.published"));
  });
}
