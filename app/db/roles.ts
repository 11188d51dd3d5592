/** What a user may do (product.md section 2). Admin may also come from ADMIN_EMAIL. */
export const roles = ["model", "affiliate", "approver", "editor", "admin"] as const;
export type Role = (typeof roles)[number];
