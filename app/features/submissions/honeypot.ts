/**
 * A field people never see, in every application channel; software that fills in every field
 * gives itself away. Shared by the browser (which renders it hidden) and the server.
 */
export const HONEYPOT_FIELD = "website";
