import { experienceLevels } from "#app/features/preselection/fields.ts";

/**
 * The chatbot's questions, in the order of spec section 4, and the fields each one fills in.
 * Location is one question with two answers (country and city/state).
 */
export const questions = [
  "fullName",
  "dateOfBirth",
  "location",
  "phone",
  "email",
  "document",
  "instagram",
  "experience",
  "message",
] as const;
export type Question = (typeof questions)[number];

export const chatbotFields = [
  "fullName",
  "dateOfBirth",
  "country",
  "city",
  "phone",
  "email",
  "document",
  "instagram",
  "experience",
  "message",
  "consent",
] as const;
export type ChatbotField = (typeof chatbotFields)[number];
export type Answers = Partial<Record<ChatbotField, string>>;

export const questionFields: Record<Question, readonly ChatbotField[]> = {
  fullName: ["fullName"],
  dateOfBirth: ["dateOfBirth"],
  location: ["country", "city"],
  phone: ["phone"],
  email: ["email"],
  document: ["document"],
  instagram: ["instagram"],
  experience: ["experience"],
  message: ["message"],
};

/** The question that asks for a field (a server error names a field, the chat asks again). */
export function questionOf(field: ChatbotField): Question | undefined {
  return questions.find((question) => questionFields[question].includes(field));
}

/**
 * WhatsApp/phone is how the agency reaches her, so it is required; her Instagram and a message
 * are the only answers she may skip (documented in the README).
 */
export const skippableQuestions: ReadonlySet<Question> = new Set(["instagram", "message"]);

export { experienceLevels };

/** The chatbot's version of the consent text (chatbot.consent in every locale). */
export const CHATBOT_CONSENT_VERSION = "2026-11-22";

export const MIN_NAME_LENGTH = 3;
export const MESSAGE_MIN_LENGTH = 10;
export const MIN_AGE = 18;
export const MAX_AGE = 120;

export const chatbotLimits = {
  fullName: 120,
  city: 120,
  phone: 32,
  email: 254,
  document: 40,
  instagram: 200,
  message: 2000,
} as const;

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories she may live in; the browser names
 * them in her language with Intl.DisplayNames.
 */
export const countryCodes = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR " +
  "BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ " +
  "EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW " +
  "GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY " +
  "KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV " +
  "MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY " +
  "QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG " +
  "TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
