import { data, redirect } from "react-router";
import { z } from "zod";
import { requireScreen, requireScreenAction } from "#app/auth/guards.server.ts";
import { safeReturnPath } from "#app/auth/permissions.ts";
import { getDatabase } from "#app/db/db.server.ts";
import {
  BUSY_RETRY_SECONDS,
  encodeImage,
  ImageRejected,
  storeImage,
  type UploadResult,
} from "#app/features/images/images.server.ts";
import { MAX_IMAGE_UPLOAD_BYTES } from "#app/utils/body-limit.server.ts";
import { parseForm, textField } from "#app/utils/form.server.ts";
import { pageWithActionHeaders } from "#app/utils/route-headers.ts";
import type { Route } from "./+types/images";

// Retry-After of a full line reaches the editor's script (its request goes through single fetch).
export const headers = pageWithActionHeaders;

/** Nothing to see here: the form that posts to it is in the article's editor. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, "adminImages");
  throw redirect("/admin/blog");
}

/**
 * An image upload (an article's cover): checked by its content, re-encoded, stored. The editor
 * posts it with its script and reads the answer; a form posted without one comes back to the
 * page it was sent from (`return`) with the new image's id.
 */
const uploadForm = z.object({
  image: z.instanceof(File).refine((file) => file.size > 0),
  return: textField,
});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireScreenAction(request, "adminImages");
  const form = await parseForm(request, uploadForm, {
    bytes: MAX_IMAGE_UPLOAD_BYTES,
    fields: 10,
  });
  if (form.crossSite) {
    return data<UploadResult>({ ok: false, error: "admin.images.errors.crossSite" }, 403);
  }
  if (!form.success) {
    return data<UploadResult>({ ok: false, error: "admin.images.errors.missing" }, 400);
  }
  const file = form.data.image;
  const back = safeReturnPath(form.data.return);
  try {
    const encoded = await encodeImage(new Uint8Array(await file.arrayBuffer()), request.signal);
    const image = await storeImage(await getDatabase(), encoded, viewer.id);
    if (back) {
      const url = new URL(back, "http://return.invalid");
      url.searchParams.set("cover", String(image.id));
      throw redirect(`${url.pathname}${url.search}`);
    }
    return data<UploadResult>({ ok: true, image });
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    const answer: UploadResult = { ok: false, error: `admin.images.errors.${error.problem}` };
    // Too many uploads at work already: she is asked to send it again in a few seconds.
    if (error.problem === "busy") {
      return data(answer, {
        status: 503,
        headers: { "Retry-After": String(BUSY_RETRY_SECONDS) },
      });
    }
    return data(answer, error.problem === "tooLarge" ? 413 : 422);
  }
}
