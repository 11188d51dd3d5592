/** The password policy's lengths, for the browser's fields and the server's checks alike. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
