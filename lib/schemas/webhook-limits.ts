/** The longest webhook URL accepted: by the request schema, and again by the address policy before each call. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
