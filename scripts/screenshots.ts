/**
 * `npm run screenshots -- --origin http://localhost:3000 --out shots/ [--lang de] [--only /admin/x]`:
 * full-page PNGs of every signed-in screen (the back office, the model's dashboard, the
 * affiliate's portal, her security page), or of those whose address holds `--only`, at a phone's
 * width (390 px) and a desktop's (1366 px), to look at what a change did.
 * Run it against two servers (before and after a change) on copies of one data folder, and the
 * file names pair up. It signs in through the login form, so it works on any build of the site.
 *
 * Accounts: SHOT_PASSWORD (one password for all) and SHOT_<ROLE>_EMAIL (admin, model,
 * affiliate); a role without an address is skipped. Make them with `npm run user:create`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type BrowserContext } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts";

const { values } = parseArgs({
  options: {
    origin: { type: "string", default: "http://localhost:3000" },
    out: { type: "string", default: "screenshots" },
    lang: { type: "string", default: "en" },
    // Only the screens whose address holds this (`--only /admin/analytics`).
    only: { type: "string" },
  },
});
const origin = values.origin.replace(/\/$/, "");
const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });

const widths = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

/** A screen's address, or how to find it from a list (its first row's link). */
type Screen = string | { from: string; link: string; name: string };

const screensOf: Record<string, Screen[]> = {
  admin: [
    "/admin/dashboard",
    "/admin/cadastros",
    "/admin/pendentes",
    "/admin/aprovados",
    "/admin/reprovados",
    { from: "/admin/cadastros", link: 'a[href^="/admin/cadastros/"]', name: "admin-submission" },
    "/admin/afiliados",
    { from: "/admin/afiliados", link: 'a[href^="/admin/afiliados/"]', name: "admin-affiliate" },
    "/admin/analytics",
    "/admin/users",
    "/admin/email/smtp",
    "/admin/email/templates",
    "/admin/email/whatsapp",
    "/admin/email/reasons",
    "/admin/email/outbox",
    "/admin/privacy",
    "/admin/production-checklist",
    "/admin/auth-report",
    "/admin/access-report",
    "/admin/tech-report",
    "/account/security",
    "/account/notifications",
  ],
  model: ["/dashboard/model"],
  affiliate: ["/portal"],
};

const password = process.env.SHOT_PASSWORD;
if (!password) {
  console.error(
    "Set SHOT_PASSWORD (and SHOT_ADMIN_EMAIL, SHOT_MODEL_EMAIL, SHOT_AFFILIATE_EMAIL).",
  );
  process.exit(1);
}

async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post(`${origin}/login`, {
    form: { email, password: password! },
    headers: { origin },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`sign-in of ${email}: ${response.status()}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const [role, screens] of Object.entries(screensOf)) {
    const email = process.env[`SHOT_${role.toUpperCase()}_EMAIL`];
    if (!email) continue;
    for (const size of widths) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        reducedMotion: "reduce",
      });
      await signIn(context, email);
      const page = await context.newPage();
      const wanted = screens.filter(
        (screen) =>
          !values.only || (typeof screen === "string" ? screen : screen.from).includes(values.only),
      );
      for (const screen of wanted) {
        let address: string;
        let name: string;
        if (typeof screen === "string") {
          address = screen;
          name = screen.slice(1).replaceAll("/", "-");
        } else {
          await page.goto(`${origin}${screen.from}?lang=${values.lang}`);
          const href = await page.locator(screen.link).first().getAttribute("href");
          if (!href) throw new Error(`no ${screen.link} on ${screen.from}`);
          address = href;
          name = screen.name;
        }
        const separator = address.includes("?") ? "&" : "?";
        const response = await page.goto(`${origin}${address}${separator}lang=${values.lang}`);
        await page.waitForLoadState("networkidle");
        const file = path.join(out, `${name}.${size.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`${response?.status()} ${address} → ${path.relative(process.cwd(), file)}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
