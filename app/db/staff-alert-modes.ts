/**
 * How an admin or approver hears about new applications: one mail each at once, one digest a
 * day at an hour she picks, or not by mail (browser-safe: the form and the schema share it).
 */
export const staffAlertModes = ["instant", "digest", "off"] as const;
export type StaffAlertMode = (typeof staffAlertModes)[number];
