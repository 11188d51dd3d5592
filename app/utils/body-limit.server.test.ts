import { describe, expect, it } from "vitest";
import {
  MAX_APPLICATION_BODY_BYTES,
  MAX_FORM_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
  maxBodyBytes,
} from "./body-limit.server.ts";

describe("maxBodyBytes", () => {
  it("gives an image upload its 10 MB at both addresses the editor may post it to", () => {
    // The cover field's script posts to the route's data URL (single fetch); a photo of a few
    // megabytes was cut off there at the forms' 1 MB before the route could answer.
    expect(maxBodyBytes("POST", "/admin/images")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/images.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/Admin/Images.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
  });

  it("gives the content screen's photo forms (testimonials, team) the same 10 MB", () => {
    expect(maxBodyBytes("POST", "/admin/content")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/content.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/contents")).toBe(MAX_FORM_BYTES);
  });

  it("gives the Site screen's hero image form the same 10 MB, and only at its own address", () => {
    expect(maxBodyBytes("POST", "/admin/site")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/site.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/Admin/Site.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/sites")).toBe(MAX_FORM_BYTES);
    expect(maxBodyBytes("POST", "/admin/site/x.data")).toBe(MAX_FORM_BYTES);
    // A staff member's own photo (issue 29): her profile's page only.
    expect(maxBodyBytes("POST", "/admin/profile")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/profile.data")).toBe(MAX_IMAGE_UPLOAD_BYTES);
    expect(maxBodyBytes("POST", "/admin/profiles")).toBe(MAX_FORM_BYTES);
  });

  it("gives an application with its photos room at the three places she may send one", () => {
    for (const path of ["/", "/_root.data", "/register/model", "/Register/Model.data"]) {
      expect(maxBodyBytes("POST", path)).toBe(MAX_APPLICATION_BODY_BYTES);
    }
    expect(maxBodyBytes("POST", "/api/chatbot")).toBe(MAX_APPLICATION_BODY_BYTES);
    expect(maxBodyBytes("POST", "/register/affiliate")).toBe(MAX_FORM_BYTES);
    expect(maxBodyBytes("POST", "/contact")).toBe(MAX_FORM_BYTES);
    expect(maxBodyBytes("GET", "/")).toBe(0);
  });

  it("keeps every other form at the forms' limit, and GET without a body", () => {
    expect(maxBodyBytes("POST", "/admin/blog/1/pt.data")).toBe(MAX_FORM_BYTES);
    expect(maxBodyBytes("POST", "/admin/images/other.data")).toBe(MAX_FORM_BYTES);
    expect(maxBodyBytes("GET", "/admin/images.data")).toBe(0);
  });
});
