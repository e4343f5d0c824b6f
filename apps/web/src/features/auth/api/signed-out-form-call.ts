/**
 * How the password forms' calls are made signed out (spec §7 `/password/*`): a fresh CSRF token first (no
 * session has given one yet), 422 messages under the form's fields, and no success toast, because the page
 * shows the answer's message itself.
 */
export const SIGNED_OUT_FORM_CALL = {
  refreshCsrf: true,
  inlineFieldErrors: true,
  toast: { success: false },
} as const;
