import type de from "../de/password-reset";

const passwordReset: typeof de = {
  forgotTitle: "Forgot your password?",
  forgotIntro:
    "Enter the e-mail address of your account. We will send you a link to choose a new password.",
  forgotMetaDescription: "Request a link to reset your password.",
  email: "E-mail",
  submitRequest: "Send link",
  requested:
    "If an account with this e-mail exists, we have sent you a link to reset your password.",
  requestedHint: "The link is valid for 1 hour. Please also check your spam folder.",
  backToSignIn: "Back to sign-in",
  resetTitle: "Choose a new password",
  resetIntro: "Choose a new password for your account.",
  resetMetaDescription: "Choose a new password for your account.",
  newPassword: "New password",
  confirmPassword: "Confirm password",
  passwordHint: "At least 8 characters",
  submitReset: "Save password",
  invalidToken: "This link is invalid or has expired.",
  requestNewLink: "Request a new link",
  success: "Your password has been changed. Please sign in with your new password.",
  invalidEmail: "Please enter a valid e-mail address.",
  passwordTooShort: "The password must be at least 8 characters long",
  passwordTooLong: "The password must be at most 128 characters long",
  passwordMismatch: "The passwords do not match",
  tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
  resetFailed: "An unexpected error occurred. Please try again later.",
};

export default passwordReset;
