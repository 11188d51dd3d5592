import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/db.server.ts";
import { images, staffProfiles, user } from "#app/db/schema.server.ts";
import { encodeImage } from "#app/features/images/images.server.ts";
import { databaseTargets, openTestDatabase } from "#app/test/databases.ts";
import { insertAccount, insertApplicationRow } from "#app/test/factories.ts";
import { normalizeMeetingLink } from "./meeting-link.ts";
import { managerCardFor } from "./model-card.server.ts";
import { profileForm, readStaffProfile, saveStaffProfile } from "./profile.server.ts";

const valid = {
  displayName: "  Rafaela   Costa ",
  whatsapp: "(48) 99123-4567",
  meetingUrl: "https://meet.example.com/rafaela",
  "intro-pt": "Olá! Eu cuido da sua chegada.",
  "intro-en": "Hi! I look after your first weeks.",
};

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = profileForm.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("the staff profile's form", () => {
  it("keeps a name, a WhatsApp number in E.164 (Brazilian unless it has its +code) and an https link", () => {
    const parsed = profileForm.parse(valid);
    expect(parsed).toMatchObject({
      displayName: "Rafaela Costa",
      whatsapp: "+5548991234567",
      meetingUrl: "https://meet.example.com/rafaela",
      "intro-pt": "Olá! Eu cuido da sua chegada.",
      "intro-de": "",
    });
    expect(profileForm.parse({ ...valid, whatsapp: "+351 912 345 678" }).whatsapp).toBe(
      "+351912345678",
    );
    expect(profileForm.parse({ ...valid, whatsapp: "", meetingUrl: "" })).toMatchObject({
      whatsapp: null,
      meetingUrl: null,
    });
  });

  it("refuses a number WhatsApp cannot know, with its translated message", () => {
    for (const whatsapp of ["abc", "123", "+55 48 9912", "+5548991234567;ext=2", "0".repeat(41)]) {
      expect(errorsOf({ ...valid, whatsapp })).toEqual({
        whatsapp: "manager.profile.errors.whatsapp",
      });
    }
  });

  it("refuses a meeting link that is not https, or not a meeting room's address", () => {
    for (const meetingUrl of [
      "javascript:alert(document.cookie)",
      "JavaScript://meet.example.com/%0aalert(1)",
      "http://meet.example.com/rafaela",
      "data:text/html,<script>alert(1)</script>",
      "//meet.example.com/rafaela",
      "meet.example.com/rafaela",
      "https://user:secret@meet.example.com/",
      "https://localhost/room",
      "https://meet.example.com/\u202eroom",
      `https://meet.example.com/${"a".repeat(500)}`,
    ]) {
      expect(errorsOf({ ...valid, meetingUrl }), meetingUrl).toEqual({
        meetingUrl: "manager.profile.errors.meetingUrl",
      });
    }
    expect(normalizeMeetingLink(" https://Meet.Example.com/a b", 500)).toBeNull();
    expect(normalizeMeetingLink("https://Meet.Example.com/abc", 500)).toBe(
      "https://meet.example.com/abc",
    );
  });

  it("refuses an over-long introduction and an empty name", () => {
    expect(errorsOf({ ...valid, "intro-sv": "å".repeat(601) })).toEqual({
      "intro-sv": "manager.profile.errors.introTooLong",
    });
    expect(profileForm.parse({ ...valid, "intro-sv": "å".repeat(600) })["intro-sv"]).toHaveLength(
      600,
    );
    expect(errorsOf({ ...valid, displayName: " \u200b " })).toEqual({
      displayName: "manager.profile.errors.nameRequired",
    });
  });
});

describe.each(databaseTargets)("the staff profile and the model's card on %s", (_name, kind) => {
  let database: DatabaseHandle;
  const marker = randomUUID().slice(0, 8);
  let managerId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    managerId = await insertAccount(database.db, {
      name: "Rafaela Account",
      email: `rafaela.${marker}@example.com`,
      role: "approver",
    });
  });
  afterAll(() => database?.close());

  const save = async (
    input: Record<string, unknown>,
    photo: Awaited<ReturnType<typeof encodeImage>> | null = null,
  ) => {
    const parsed = profileForm.parse({ ...valid, ...input });
    const { photo: _file, consent: _consent, ...fields } = parsed;
    await saveStaffProfile(database.db, { id: managerId }, fields, photo);
  };

  it("starts from her account's name, then keeps what she saved, leaving the booking rules alone", async () => {
    expect(await readStaffProfile(database.db, managerId)).toMatchObject({
      displayName: "Rafaela Account",
      fresh: true,
      photo: null,
    });
    await save({});
    await database.db
      .update(staffProfiles)
      .set({ callMinutes: 45 })
      .where(eq(staffProfiles.userId, managerId));
    await save({ "intro-en": "" });
    const profile = await readStaffProfile(database.db, managerId);
    expect(profile).toMatchObject({
      displayName: "Rafaela Costa",
      whatsapp: "+5548991234567",
      fresh: false,
      introduction: { pt: "Olá! Eu cuido da sua chegada.", en: "", sv: "" },
    });
    const [row] = await database.db
      .select()
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, managerId));
    expect(row).toMatchObject({ callMinutes: 45, introduction: { pt: valid["intro-pt"] } });
  });

  it("stores her photo with her own consent, replaces it, and deletes it when she removes it", async () => {
    const picture = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#c98" },
    })
      .jpeg()
      .toBuffer();
    const encoded = await encodeImage(new Uint8Array(picture), undefined, "portrait");
    await save({}, encoded);
    const first = (await readStaffProfile(database.db, managerId))!.photo!;
    expect(first.image.width).toBeGreaterThan(0);
    const [consent] = await database.db
      .select({ by: staffProfiles.photoConsentBy, name: staffProfiles.photoConsentByName })
      .from(staffProfiles)
      .where(eq(staffProfiles.userId, managerId));
    expect(consent).toEqual({ by: managerId, name: "Rafaela Account" });
    await save({}, await encodeImage(new Uint8Array(picture), undefined, "portrait"));
    const second = (await readStaffProfile(database.db, managerId))!.photo!;
    expect(second.image.id).not.toBe(first.image.id);
    expect(await database.db.select().from(images).where(eq(images.id, first.image.id))).toEqual(
      [],
    );
    await save({ removePhoto: "on" });
    expect((await readStaffProfile(database.db, managerId))!.photo).toBeNull();
    expect(await database.db.select().from(images).where(eq(images.id, second.image.id))).toEqual(
      [],
    );
  });

  describe("the model's card", () => {
    const application = async (status: "Pendente" | "Aprovado", manager: string | null) => {
      const id = await insertApplicationRow(database.db, { status, managerId: manager });
      return { id, status };
    };

    it("shows nothing before approval, and a sentence while no one is assigned", async () => {
      expect(await managerCardFor(database.db, undefined, "pt")).toBeNull();
      expect(
        await managerCardFor(database.db, await application("Pendente", managerId), "pt"),
      ).toBeNull();
      expect(await managerCardFor(database.db, await application("Aprovado", null), "pt")).toEqual({
        state: "none",
      });
    });

    it("shows her manager's first name and introduction in her language, else Portuguese, else any", async () => {
      await save({ "intro-en": "Hi! I look after your first weeks." });
      const mine = await application("Aprovado", managerId);
      expect(await managerCardFor(database.db, mine, "en")).toMatchObject({
        state: "assigned",
        firstName: "Rafaela",
        introduction: "Hi! I look after your first weeks.",
        photo: null,
      });
      expect(await managerCardFor(database.db, mine, "de")).toMatchObject({
        introduction: "Olá! Eu cuido da sua chegada.",
      });
      await save({ "intro-pt": "", "intro-en": "", "intro-it": "Ciao!" });
      expect(await managerCardFor(database.db, mine, "sv")).toMatchObject({
        introduction: "Ciao!",
      });
    });

    it("says one is being assigned when her manager's account is stopped or no longer staff", async () => {
      const other = await insertAccount(database.db, { name: "Paula Parada", role: "approver" });
      const hers = await application("Aprovado", other);
      expect(await managerCardFor(database.db, hers, "pt")).toMatchObject({ firstName: "Paula" });
      await database.db.update(user).set({ disabled: true }).where(eq(user.id, other));
      expect(await managerCardFor(database.db, hers, "pt")).toEqual({ state: "none" });
      await database.db
        .update(user)
        .set({ disabled: false, role: "model" })
        .where(eq(user.id, other));
      expect(await managerCardFor(database.db, hers, "pt")).toEqual({ state: "none" });
    });

    it("builds the WhatsApp link only from the stored number, and none from a stored non-number", async () => {
      await save({ whatsapp: "+55 48 99123-4567" });
      const mine = await application("Aprovado", managerId);
      const card = await managerCardFor(database.db, mine, "en");
      expect(card).toMatchObject({
        whatsapp: "https://wa.me/5548991234567?text=Hi%20Rafaela!",
      });
      // A number that was never through the form (an import, a hand-edited row): no link at all.
      for (const stored of [
        "5548991234567",
        "+55 48 99123-4567",
        "+5548991234567@evil.example",
        "evil.example/",
      ]) {
        await database.db
          .update(staffProfiles)
          .set({ whatsapp: stored })
          .where(eq(staffProfiles.userId, managerId));
        expect(await managerCardFor(database.db, mine, "en"), stored).toMatchObject({
          whatsapp: null,
        });
      }
    });
  });
});
