import { requireScreen } from "#app/auth/guards.server.ts";
import { getDatabase } from "#app/db/db.server.ts";
import { portalAffiliate } from "#app/features/affiliates/portal.server.ts";
import { qrPng, qrSvg, referralLink } from "#app/features/affiliates/portal/qr.server.ts";
import { pageContext } from "#app/utils/page.server.ts";
import type { Route } from "./+types/portal-qr";

/**
 * /portal/qr.png and /portal/qr.svg: her own referral link's QR code as a file to save (plain
 * links, so they work without JavaScript). Whose link it is comes from her session alone: the
 * address carries nothing that could name another affiliate.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, "affiliatePortal");
  const { origin } = pageContext(request);
  const affiliate = await portalAffiliate(await getDatabase(), user.id);
  const link = referralLink(origin, affiliate.referralCode);
  const png = new URL(request.url).pathname.endsWith(".png");
  const body = png ? new Uint8Array(await qrPng(link)) : await qrSvg(link);
  return new Response(body, {
    headers: {
      "Content-Type": png ? "image/png" : "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="mare-talent-${affiliate.referralCode}.${png ? "png" : "svg"}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
