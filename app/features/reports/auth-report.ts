/** The sign-in report's window, shared by its query and its screen. */
export const REPORT_TIME_ZONE = "America/Sao_Paulo";
export const REPORT_DAYS = 30;
